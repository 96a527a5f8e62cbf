import { describe, expect, it } from "vitest";
import { markdownReport } from "@/lab/output/markdown";
import { chartSvg } from "@/lab/output/svg";
import { weeklyTable } from "@/lab/output/table";
import { replayAgreement, type LabResult, type WeekResult } from "@/lab/result";

// The reports of a run: the weekly table, the Markdown report and the chart, from one result.

const week = (n: number, rate: number | null, rating: number | null, approved: number[] = []): WeekResult => ({
  week: n, version: n === 3 ? 2 : 1, tasks: 12, failedRuns: 0, proposals: 36, accepted: 20, rejected: 16, deferred: 0, acceptanceRate: rate, meanRating: rating, rated: 12, comments: 3,
  rejectionsByCategory: { "checklist too long": 4, "a | pipe": 1 }, byKind: { checklist: { proposed: 12, accepted: 6, rejected: 6 }, estimate: { proposed: 12, accepted: 8, rejected: 4 }, status: { proposed: 12, accepted: 6, rejected: 6 } },
  reviews: { Maya: 12 }, versionsApproved: approved, ritual: { status: approved.length ? "completed" : "skipped", proposals: approved.length, note: null },
});
const result: LabResult = {
  team: "Support <team>", personas: "lab/personas/support-team.json", seed: 1, models: "built-in", tasksPerWeek: 12, durationMs: 1234,
  replayAgreement: { checked: 0, agreed: 0, versions: [] },
  hypotheses: [
    { week: 2, metric: "acceptance", prediction: "acceptance +5 points", probability: 0.65, outcome: "confirmed", method: "before_after", reason: "Moved as predicted: acceptance +25 (95% CI +6 to +44).", recomputed: { outcome: "confirmed", agrees: true } },
    { week: 3, metric: "negativeFeedback", prediction: "negative accuracy feedback share −5 points", probability: 0.5, outcome: "open", method: null, reason: null, recomputed: null },
  ],
  calibration: { graded: 1, confirmed: 1, refuted: 0, inconclusive: 0, brier: 0.123, hitRate: 1, meanProbability: 0.65 },
  hypothesisRecomputation: { checked: 1, agreed: 1 },
  weeks: [week(1, 0.5, 0.6), week(2, 0.55, null, [2]), week(3, 0.8, 0.7)],
  versions: [
    { version: 1, week: 0, round: 0, status: "initial", approved: true, confidence: null, directives: "You triage tickets.", rationale: "Initial version", replay: null, ownerReason: null },
    { version: 2, week: 2, round: 1, status: "approved", approved: true, confidence: 0.85, directives: "You triage tickets.\n- Keep checklists to at most 4 items.", rationale: "Too many steps.", ownerReason: null,
      replay: { status: "done", runs: 12, rejections: 10, avoided: 6, acceptances: 20, keptRate: 0.9, lost: 2, altered: 1, newProposals: 3, gate: { head: 0.9, candidate: 0.92, delta: 0.02 }, tokens: { head: 1000, candidate: 950, change: -0.05 } } },
  ],
};

describe("lab reports", () => {
  it("prints one row a week", () => {
    const lines = weeklyTable(result).split("\n");
    expect(lines).toHaveLength(5);
    expect(lines[0]).toMatch(/^week +agents on +tasks/);
    expect(lines[3]).toMatch(/^ +2 +v1 +12 +36 +20 +16 +55\.0% +— +completed \(1 proposal\) +v2$/);
  });

  it("writes the weeks, the rejections and every version to Markdown", () => {
    const md = markdownReport(result);
    expect(md).toContain("| 2 | v1 | 12 | 36 | 20 | 16 | 55.0% | — (12) | completed | v2 |");
    expect(md).toContain("| a \\| pipe | 1 | 1 | 1 | 3 |");
    expect(md).toContain("### Week 2, round 1: approved as v2 (confidence 0.85)");
    expect(md).toContain("6 of 10 rejections avoided, 2 of 20 acceptances lost (kept 90.0%), 3 new proposals, gate 0.90 → 0.92, tokens −5% · 12 runs replayed");
    expect(md).toContain("| 2 | acceptance +5 points | 65.0% | confirmed | Moved as predicted: acceptance +25 (95% CI +6 to +44). | agrees |");
    expect(md).toContain("| 3 | negative accuracy feedback share −5 points | 50.0% | open | — | — |");
    expect(md).toContain("Calibration: Brier 0.12 over 1 graded prediction (hit rate 100%, stated 65% on average). Recomputed from the raw rows: 1 of 1 graded hypotheses agree.");
  });

  it("draws both series, skips a week without a value, and marks where a new version took over", () => {
    const svg = chartSvg(result);
    expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
    expect(svg).toContain("Lab: Support &lt;team&gt;");
    expect(svg.match(/<polyline /g)).toHaveLength(2);
    expect(svg.match(/<circle /g)!.length).toBe(3 + 2 + 2); // acceptance ×3, rating ×2, legend ×2
    expect(svg).toMatch(/stroke-dasharray="4 4"\/>\n<text [^>]*>v2<\/text>/);
  });
});

describe("replay agreement", () => {
  it("compares each approved version's predicted effect with the next week's acceptance", () => {
    const weeks = [week(1, 0.5, 0.6), week(2, 0.7, 0.6), week(3, 0.6, 0.6)];
    const done = (avoided: number, lost: number) => ({ ...result.versions[1]!.replay!, avoided, lost }) as never;
    const versions = [
      result.versions[0]!,
      { ...result.versions[1]!, version: 2, week: 1, replay: done(3, 1) }, // better, and week 2 rose: agreed
      { ...result.versions[1]!, version: 3, week: 2, replay: done(1, 0) }, // better, but week 3 fell: not agreed
    ];
    expect(replayAgreement(weeks, versions)).toEqual({
      checked: 2,
      agreed: 1,
      versions: [
        { version: 2, predicted: "better", acceptanceChange: 0.2, agreed: true },
        { version: 3, predicted: "better", acceptanceChange: -0.1, agreed: false },
      ],
    });
  });
});
