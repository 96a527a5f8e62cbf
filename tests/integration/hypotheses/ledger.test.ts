import { describe, expect, it } from "vitest";
import type { Grade } from "@/features/hypotheses/grade";
import { gradeDueHypotheses, recordNote, getTemplateHypotheses } from "@/features/hypotheses/server";
import { buildSessionContext } from "@/features/one-on-one/server";
import { improverTools } from "@/features/one-on-one/server/tools";
import { prepareRitual } from "@/features/rituals/server/prepare-ritual";
import { db } from "@/server/db";
import { makeAgentRow, makeChangeSetRow, makeEvolutionSession, makeFeedbackItem, makeProposal, makeRunRow, makeTemplateRow, makeWorkspace } from "../../factories";

// The hypothesis ledger on real PostgreSQL: a hypothesis note with a prediction is graded from
// the runs at the first ritual after its check date — on the probation's arms when the version it
// is about ran on one, else before/after — and refuted ones stay in the improver's context.

const DAY = 86_400_000;
const T0 = new Date("2026-10-05T12:00:00Z"); // the change takes effect
const CHECK = new Date("2026-10-12T00:00:00Z"); // the check date of a 7-day prediction written just before T0

async function fixture() {
  const { workspace, members } = await makeWorkspace({ roles: ["member"] });
  const { template, versions } = await makeTemplateRow(workspace.id, {
    versions: [{ createdAt: new Date(T0.getTime() - 30 * DAY) }, { createdAt: T0, directives: "Directives v2" }],
  });
  const session = await makeEvolutionSession(template, { status: "completed", origin: "ritual" });
  await makeProposal(session, { directives: "Directives v2", status: "approved", baseVersionId: versions[0]!.id, resultingVersionId: versions[1]!.id, decidedAt: T0 });
  const agents = await Promise.all(Array.from({ length: 4 }, () => makeAgentRow(template)));
  return { workspace, template, versions, session, agents, userId: members.member!.id };
}
type Fixture = Awaited<ReturnType<typeof fixture>>;

/** `n` runs spread over [from, from + 6 days), each with one proposal of `tool` decided as given. */
async function runs(f: Fixture, opts: { from: Date; n: number; confirmed: number; tool?: string; versionId: string; probationId?: string; arm?: "candidate" | "baseline" }) {
  for (let i = 0; i < opts.n; i++) {
    const agent = f.agents[i % f.agents.length]!;
    const startedAt = new Date(opts.from.getTime() + (i * 6 * DAY) / opts.n);
    const run = await makeRunRow(agent, { templateVersionId: opts.versionId, startedAt, ...(opts.probationId ? { probationId: opts.probationId, arm: opts.arm } : {}) });
    const verdict = i < opts.confirmed ? "confirmed" : "rejected";
    await makeChangeSetRow(agent, { wakeRunId: run.id, items: [{ tool: opts.tool ?? "propose_estimate", decision: { verdict, decidedById: f.userId, decidedAt: startedAt } }] });
  }
}

async function hypothesis(f: Fixture, prediction: Parameters<typeof recordNote>[2]["prediction"], content = "If agents explain estimates, acceptance rises.") {
  const created = await db.$transaction((t) => recordNote(t, { workspaceId: f.workspace.id, templateId: f.template.id, sessionId: f.session.id }, { kind: "hypothesis", content, prediction }, new Date(T0.getTime() - 3_600_000)));
  return created.hypothesisId!;
}

const gradeOf = async (id: string) => db.hypothesis.findUniqueOrThrow({ where: { id } }).then((h) => ({ ...h, figures: h.figures as unknown as Grade }));

describe("the hypothesis ledger", () => {
  it("grades a prediction before/after the change from the runs, only once it is due", async () => {
    const f = await fixture();
    // Before: 10 of 40 confirmed (25%); after: 32 of 40 (80%). A run older than the window (as many days before as after) does not count.
    await runs(f, { from: new Date(T0.getTime() - 6.5 * DAY), n: 40, confirmed: 10, versionId: f.versions[0]!.id });
    await runs(f, { from: new Date(T0.getTime() - 9 * DAY), n: 1, confirmed: 1, versionId: f.versions[0]!.id });
    await runs(f, { from: T0, n: 40, confirmed: 32, versionId: f.versions[1]!.id });
    const id = await hypothesis(f, { metric: "acceptance", direction: "increase", size: 10, probability: 0.7, checkAfterDays: 7 });
    // The check date is a date: 7 days after the note (written an hour before T0), 00:00 UTC.
    expect((await gradeOf(id)).checkAt.toISOString()).toBe("2026-10-12T00:00:00.000Z");

    expect(await gradeDueHypotheses({ workspaceId: f.workspace.id, templateId: f.template.id }, new Date(CHECK.getTime() - 2 * DAY))).toEqual({ confirmed: 0, refuted: 0, inconclusive: 0 });
    expect(await gradeDueHypotheses({ workspaceId: f.workspace.id, templateId: f.template.id }, new Date(CHECK.getTime() + DAY))).toEqual({ confirmed: 1, refuted: 0, inconclusive: 0 });
    const h = await gradeOf(id);
    expect(h.outcome).toBe("confirmed");
    expect(h.figures).toMatchObject({ method: "before_after", candidate: 0.8, baseline: 0.25, n: { candidate: 40, baseline: 40 }, predicted: 0.1 });
    expect(h.figures.reason).toMatch(/^Moved as predicted: acceptance \+55 .*40 vs 40 decisions; predicted \+10; the days after the change against as many days before \(not causal\)\.$/);
    // Graded once: a second ritual leaves it alone.
    expect(await gradeDueHypotheses({ workspaceId: f.workspace.id, templateId: f.template.id }, new Date(CHECK.getTime() + 9 * DAY))).toEqual({ confirmed: 0, refuted: 0, inconclusive: 0 });
  });

  it("grades on the probation's arms when the version ran on one, and narrows acceptance to one tool", async () => {
    const f = await fixture();
    const probation = await db.probation.create({ data: { workspaceId: f.workspace.id, templateId: f.template.id, versionId: f.versions[1]!.id, baselineVersionId: f.versions[0]!.id, share: 0.5, minDays: 7, minRuns: 10, startedAt: T0 } });
    // Same days: the new version's arm confirms half its estimates, the old arm half too → no effect; other tools differ wildly and must not count.
    await runs(f, { from: T0, n: 40, confirmed: 20, versionId: f.versions[1]!.id, probationId: probation.id, arm: "candidate" });
    await runs(f, { from: T0, n: 40, confirmed: 20, versionId: f.versions[0]!.id, probationId: probation.id, arm: "baseline" });
    await runs(f, { from: T0, n: 20, confirmed: 20, tool: "propose_checklist_items", versionId: f.versions[1]!.id, probationId: probation.id, arm: "candidate" });
    // Before the change (ignored by the arms comparison): everything rejected.
    await runs(f, { from: new Date(T0.getTime() - 7 * DAY), n: 30, confirmed: 0, versionId: f.versions[0]!.id });
    const id = await hypothesis(f, { metric: "acceptance", tool: "propose_estimate", direction: "increase", size: 30, probability: 0.8, checkAfterDays: 7 });
    await gradeDueHypotheses({ workspaceId: f.workspace.id, templateId: f.template.id }, new Date(CHECK.getTime() + DAY));
    const h = await gradeOf(id);
    expect(h.figures).toMatchObject({ method: "probation", candidate: 0.5, baseline: 0.5, n: { candidate: 40, baseline: 40 } });
    expect(h.outcome).toBe("refuted");
    expect(h.figures.reason).toContain("the new version's arm against the previous version's, same days");
  });

  it("grades the share of negative feedback of a category, and says when there was no change to test", async () => {
    const f = await fixture();
    for (let i = 0; i < 60; i++) {
      const agent = f.agents[i % 4]!;
      const before = new Date(T0.getTime() - (i + 1) * 2 * 3_600_000);
      const after = new Date(T0.getTime() + (i + 1) * 2 * 3_600_000);
      await makeFeedbackItem(agent, { sentiment: i < 30 ? "negative" : "positive", category: "accuracy", detail: "before", occurredAt: before });
      await makeFeedbackItem(agent, { sentiment: i < 6 ? "negative" : "positive", category: "accuracy", detail: "after", occurredAt: after });
    }
    const id = await hypothesis(f, { metric: "negativeFeedback", category: "accuracy", direction: "decrease", size: 5, probability: 0.6, checkAfterDays: 7 });
    const other = await makeEvolutionSession(f.template, { sessionNumber: 2, status: "completed" });
    const untested = (await db.$transaction((t) => recordNote(t, { workspaceId: f.workspace.id, templateId: f.template.id, sessionId: other.id }, { kind: "hypothesis", content: "Nothing changes.", prediction: { metric: "rating", direction: "increase", size: 0.1, probability: 0.5, checkAfterDays: 3 } }, T0))).hypothesisId!;
    await gradeDueHypotheses({ workspaceId: f.workspace.id, templateId: f.template.id }, new Date(CHECK.getTime() + DAY));
    const h = await gradeOf(id);
    expect(h.figures).toMatchObject({ outcome: "confirmed", candidate: 0.1, baseline: 0.5, n: { candidate: 60, baseline: 60 } });
    const u = await gradeOf(untested);
    expect(u.outcome).toBe("inconclusive");
    expect(u.figures.reason).toBe("No change from this session was approved, so there was nothing to test.");
  });

  it("keeps refuted hypotheses in the improver's context as tried, did not work, with its calibration; the ritual grades what is due", async () => {
    const f = await fixture();
    await runs(f, { from: new Date(T0.getTime() - 6.5 * DAY), n: 30, confirmed: 15, versionId: f.versions[0]!.id });
    await runs(f, { from: T0, n: 30, confirmed: 15, versionId: f.versions[1]!.id });
    const id = await hypothesis(f, { metric: "acceptance", direction: "increase", size: 40, probability: 0.9, checkAfterDays: 7 }, "Shorter checklists will lift acceptance a lot.");
    const ritual = await makeEvolutionSession(f.template, { sessionNumber: 2, status: "preparing", origin: "ritual" });
    await prepareRitual(ritual.id, {}, new Date(CHECK.getTime() + DAY));
    const h = await gradeOf(id);
    expect(h.outcome).toBe("refuted");
    expect(h.gradedInSessionId).toBe(ritual.id);

    const context = await buildSessionContext(await db.evolutionSession.findUniqueOrThrow({ where: { id: ritual.id } }), new Date(CHECK.getTime() + DAY));
    const notes = context.sections.find((s) => s.key === "notes")!.text;
    expect(notes).toContain("- Your calibration: Brier 0.81 over 1 graded prediction (hit rate 0%, stated 90% on average)");
    expect(notes).toContain("- Tried, did not work (session 1): Shorter checklists will lift acceptance a lot. — predicted acceptance +40 points; The predicted change is ruled out");

    const ledger = await getTemplateHypotheses({ workspaceId: f.workspace.id, templateId: f.template.id });
    expect(ledger.rows.map((r) => [r.prediction, r.outcome])).toEqual([["acceptance +40 points", "refuted"]]);
    expect(ledger.calibration).toMatchObject({ graded: 1, brier: 0.81 });
  });

  it("records a hypothesis with its prediction from the improver's note tool; other notes and plain hypotheses are not graded", async () => {
    const f = await fixture();
    const tools = improverTools({ workspaceId: f.workspace.id, templateId: f.template.id, sessionId: f.session.id });
    const call = (input: unknown) => tools.record_evolution_note.execute!(input as never, { toolCallId: "t", messages: [] }) as unknown as Promise<{ ok: boolean; hypothesisId?: string }>;
    const out = await call({ kind: "hypothesis", content: "Estimates with reasons get confirmed.", prediction: { metric: "acceptance", direction: "increase", size: 8, probability: 0.6, checkAfterDays: 14 } });
    expect(out.hypothesisId).toBeTruthy();
    const row = await gradeOf(out.hypothesisId!);
    expect(row).toMatchObject({ metric: "acceptance", direction: "increase", size: 8, probability: 0.6, outcome: "open" });
    const days = (row.checkAt.getTime() - row.createdAt.getTime()) / DAY;
    expect(row.checkAt.toISOString()).toMatch(/T00:00:00\.000Z$/);
    expect(days > 13 && days <= 14).toBe(true);
    expect((await call({ kind: "reflection", content: "A reflection.", prediction: { metric: "rating", direction: "increase", size: 0.1, probability: 0.5, checkAfterDays: 7 } })).hypothesisId).toBeUndefined();
    expect((await call({ kind: "hypothesis", content: "Free text only." })).hypothesisId).toBeUndefined();
    expect(await db.hypothesis.count({ where: { templateId: f.template.id } })).toBe(1);
  });
});
