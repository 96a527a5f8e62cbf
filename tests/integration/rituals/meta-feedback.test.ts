import { describe, expect, it } from "vitest";
import { computeMetaFeedback } from "@/features/rituals/server/meta-feedback";
import { db } from "@/server/db";
import { makeEvolutionNote, makeEvolutionSession, makeProposal, makeTemplate, makeWorkspace, uid } from "../../factories";

// The meta-improver's feedback is folded into the FeedbackSummary shape: its examples carry a
// source type where one fits, so a rejection reason (what a person wrote) is told from a signal.

const DAY = 86_400_000;

describe("computeMetaFeedback", () => {
  it("gives rejection reasons as written examples, the other repeated signals unlabelled, and per-kind totals", async () => {
    const { workspace, scope } = await makeWorkspace();
    const template = await makeTemplate(scope, { name: `Triage ${uid()}`, directives: "Triage tickets." });
    const now = Date.now();
    // Three sessions with a rejected proposal each (a reason), three abandoned ones.
    for (let n = 1; n <= 3; n++) {
      const session = await makeEvolutionSession(template, { sessionNumber: n, origin: "ritual", status: "completed", completedAt: new Date(now - n * DAY) });
      await makeProposal(session, { directives: `v${n}`, status: "rejected", rejectionReason: `Too vague, attempt ${n}` });
    }
    for (let n = 4; n <= 6; n++) await makeEvolutionSession(template, { sessionNumber: n, origin: "ritual", status: "abandoned", completedAt: new Date(now - n * DAY) });

    const { summary } = await computeMetaFeedback({ workspaceId: workspace.id, since: new Date(now - 30 * DAY), until: new Date(now + 1) });
    const pattern = (category: string) => summary.patterns.find((p) => p.category === category && p.sentiment === "negative")!;
    expect(pattern("communication").examples).toHaveLength(3);
    expect(pattern("communication").examples.every((e) => e.sourceType === "reason" && e.detail.includes("Too vague"))).toBe(true);
    expect(pattern("timeliness").examples).toHaveLength(3);
    expect(pattern("timeliness").examples.every((e) => e.sourceType === undefined)).toBe(true);
    // Three reasons written; the abandoned sessions and the missing hypothesis notes are signals.
    expect(summary.byKind).toEqual({ written: { items: 3, positive: 0, negative: 3, neutral: 0 }, signal: { items: 4, positive: 0, negative: 4, neutral: 0 } });
    expect(summary.totals).toEqual({ items: 7, positive: 0, negative: 7, neutral: 0 });
  });

  it("leads with each improver's calibration and the measured probation effects of its versions", async () => {
    const { workspace, scope } = await makeWorkspace();
    const name = `Triage ${uid()}`;
    const template = await makeTemplate(scope, { name, directives: "Triage tickets." });
    const now = Date.now();
    const session = await makeEvolutionSession(template, { origin: "ritual", status: "completed", completedAt: new Date(now - 2 * DAY) });
    // Two graded predictions (one confirmed at 0.8, one refuted at 0.6): Brier (0.04 + 0.36) / 2 = 0.20.
    for (const [probability, outcome] of [[0.8, "confirmed"], [0.6, "refuted"]] as const) {
      const note = await makeEvolutionNote(session, { content: `Prediction at ${probability}` });
      await db.hypothesis.create({
        data: { workspaceId: workspace.id, templateId: template.id, sessionId: session.id, noteId: note.id, metric: "acceptance", direction: "increase", size: 5, probability, checkAt: new Date(now - 3 * DAY), outcome, gradedAt: new Date(now - DAY) },
      });
    }
    // An improver version measured on probation: acceptance −20 points, interval below zero.
    const v2 = await db.templateVersion.create({ data: { workspaceId: workspace.id, templateId: template.id, number: 2, directives: "Triage tickets fast.", authoredBy: "agent", parentVersionId: template.headVersionId } });
    await db.probation.create({
      data: {
        workspaceId: workspace.id, templateId: template.id, versionId: v2.id, baselineVersionId: template.headVersionId!, share: 0.2, minDays: 7, minRuns: 30, status: "harm_detected", measuredAt: new Date(now - DAY),
        effects: { runs: { candidate: 40, baseline: 40 }, harm: ["acceptance"], metrics: [{ metric: "acceptance", candidate: 0.4, baseline: 0.6, n: { candidate: 50, baseline: 50 }, diff: { value: -0.2, low: -0.35, high: -0.05 }, sequential: null }] },
      },
    });

    const { signals } = await computeMetaFeedback({ workspaceId: workspace.id, since: new Date(now - 30 * DAY), until: new Date(now + DAY) });
    expect(signals[0]).toEqual({ sentiment: "positive", category: "accuracy", detail: `${name}: calibration — Brier 0.20 over 2 graded predictions (hit rate 50%, stated 70% on average)` });
    expect(signals[1]).toEqual({ sentiment: "negative", category: "accuracy", sourceType: "decision", detail: `${name} v2 (probation harm detected): acceptance −20 points (95% CI −35 to −5), 50 vs 50 decisions` });
  });
});
