import { describe, expect, it } from "vitest";
import { computeMetaFeedback } from "@/features/rituals/server/meta-feedback";
import { makeEvolutionSession, makeProposal, makeTemplate, makeWorkspace, uid } from "../../factories";

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
});
