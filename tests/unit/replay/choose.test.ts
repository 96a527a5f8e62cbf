import { describe, expect, it } from "vitest";
import { candidateLine, candidateScore, chooseCandidate, type ScoredCandidate } from "@/features/replay/choose";
import { candidateVersions } from "@/ai/directives/candidates";
import { readDirectives } from "@/ai/directives/policy";

// The candidate search's choice: the version whose replay does the most good, the proposal as made
// unless another does better by half a decision at least.

const c = (label: string, avoided: number, lost: number, expected: [number, number] | null = null, rating: [number, number] | null = null): ScoredCandidate => ({
  label,
  directives: label,
  runs: 8,
  rejections: 10,
  avoided,
  acceptances: 12,
  lost,
  expectedAcceptance: expected && { head: expected[0], candidate: expected[1], n: 20 },
  expectedRating: rating && { head: rating[0], candidate: rating[1], n: 8 },
});

describe("choosing a candidate", () => {
  it("picks the most rejections avoided net of acceptances lost, with the model's expectations for the rest", () => {
    const candidates = [c("as proposed", 5, 3), c("without the status rule", 5, 0), c("at most 3 items", 6, 4), c("at most 5 items", 4, 0, [0.5, 0.6])];
    expect(candidates.map(candidateScore)).toEqual([2, 5, 2, 6]);
    expect(chooseCandidate(candidates)).toBe(3);
  });

  it("keeps the proposal as made unless another is better by half a decision", () => {
    expect(chooseCandidate([c("as proposed", 5, 3), c("other", 5, 3, [0.48, 0.49])])).toBe(0);
    expect(chooseCandidate([c("as proposed", 5, 3), c("other", 5, 2)])).toBe(1);
  });

  it("counts a report-only change by its expected rating", () => {
    const reportOnly = c("shorter reports", 0, 0, null, [0.45, 0.8]);
    expect(candidateScore(reportOnly)).toBe(2.8);
    expect(candidateLine(reportOnly)).toBe("shorter reports: ±0 avoided / 0 lost, expected rating 0.45 → 0.80");
  });
});

describe("candidate versions", () => {
  const head = "You triage tickets.\n- Set a priority.";
  const proposed = `${head}\n- Keep checklists to at most 5 items.\n- Never propose a status change.`;

  it("the proposal first, each change taken back alone, and each changed number one step either way", () => {
    const versions = candidateVersions(head, proposed);
    expect(versions[0]).toEqual({ label: "as proposed", directives: proposed });
    expect(versions.map((v) => v.label)).toEqual(["as proposed", "without “Keep checklists to at most 5 items.”", "without “Never propose a status change.”", "Keep checklists to at most 4 items.", "Keep checklists to at most 6 items."]);
    expect(readDirectives(versions[3]!.directives).checklist.maxItems).toBe(4);
    expect(readDirectives(versions[1]!.directives).status.mode).toBe("never");
    expect(versions.every((v) => v.directives !== head)).toBe(true);
  });

  it("one change and no number: nothing to search", () => {
    expect(candidateVersions(head, `${head}\n- Write reports as short bullets.`)).toHaveLength(1);
  });
});
