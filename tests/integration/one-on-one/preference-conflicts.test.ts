import { describe, expect, it } from "vitest";
import { builtinModel } from "@/ai/providers/builtin";
import { settlePreferenceConflictAction } from "@/features/one-on-one/actions/settle-preference-conflict";
import { listPreferenceConflicts } from "@/features/one-on-one/server";
import { assembleImproverContext } from "@/features/one-on-one/server/context";
import { loadImproverContextData } from "@/features/one-on-one/server/context-data";
import { beginRitual } from "@/features/rituals/server";
import { getImproverOf } from "@/features/rituals/server/improvers";
import { prepareRitual } from "@/features/rituals/server/prepare-ritual";
import { db } from "@/server/db";
import { addMember, makeAgent, makeChangeSetRow, makeTemplate, makeWorkspace, uid, type ItemRow } from "../../factories";
import { actAs } from "../../support/session";
import { statementsDuring } from "../../support/statements";

// Preference conflicts on the real database: the weekly ritual's preparation finds two reviewers
// who decide the same kind of proposal systematically differently and raises one conflict (refreshed
// the next week, never duplicated); the team settles it through the action; the improver's context
// says "hands off" while it is open and "the team decided" once settled.

const classifier = builtinModel("classifier");

async function fixture() {
  const { workspace, owner, members, scope } = await makeWorkspace({ roles: ["viewer"] });
  const ana = await addMember(workspace.id, "member", { name: "Ana", email: `ana-${uid()}@example.test` });
  const ben = await addMember(workspace.id, "member", { name: "Ben", email: `ben-${uid()}@example.test` });
  const template = await makeTemplate(scope, { name: `Conflicts ${uid()}`, directives: "You triage support tickets.\n- Set a priority." });
  const improver = (await getImproverOf(workspace.id, template.id))!;
  const agent = await makeAgent(scope, template.id);
  /** `confirmed` and `rejected` decisions on `tool` proposals by `userId`. */
  const decide = async (userId: string, tool: string, confirmed: number, rejected: number) => {
    const items: ItemRow[] = [
      ...Array.from({ length: confirmed }, () => ({ tool, decision: { verdict: "confirmed" as const, decidedById: userId } })),
      ...Array.from({ length: rejected }, () => ({ tool, decision: { verdict: "rejected" as const, decidedById: userId } })),
    ];
    await makeChangeSetRow(agent, { items });
  };
  /** One weekly ritual up to its preparation; the session is then closed so the next week can open one. */
  const ritualWeek = async () => {
    const { sessionId } = await beginRitual({ workspaceId: workspace.id, improverAgentId: improver.id });
    await prepareRitual(sessionId!, { classifier });
    await db.evolutionSession.update({ where: { id: sessionId! }, data: { status: "completed", completedAt: new Date() } });
    return sessionId!;
  };
  const conflicts = () => db.preferenceConflict.findMany({ where: { templateId: template.id }, orderBy: { createdAt: "asc" } });
  return { workspace, owner, viewer: members.viewer!, scope, ana, ben, template, decide, ritualWeek, conflicts };
}

/** Ana confirms 9 of 10 status proposals, Ben rejects 8 of 9; a ritual raises the conflict. */
async function raisedConflict(f: Awaited<ReturnType<typeof fixture>>) {
  await f.decide(f.ana.id, "propose_status", 9, 1);
  await f.decide(f.ben.id, "propose_status", 1, 8);
  await f.ritualWeek();
  const [conflict] = await f.conflicts();
  return conflict;
}

const contextOf = async (f: Awaited<ReturnType<typeof fixture>>) =>
  assembleImproverContext(await loadImproverContextData({ workspaceId: f.workspace.id, templateId: f.template.id, origin: "ritual", sinceCounter: 0, feedback: null, lastSessionAt: null }));

describe("preference conflicts", () => {
  it("the ritual raises one conflict per disagreeing pair, refreshes it next week, and the team's decision reaches the improver", async () => {
    const f = await fixture();
    await f.decide(f.ana.id, "propose_status", 9, 1);
    await f.decide(f.ben.id, "propose_status", 1, 8);
    // Both like estimates: no conflict there.
    await f.decide(f.ana.id, "propose_estimate", 6, 0);
    await f.decide(f.ben.id, "propose_estimate", 5, 1);

    const week1 = await f.ritualWeek();
    const [raised, ...others] = await f.conflicts();
    expect(others).toEqual([]);
    expect(raised).toMatchObject({
      tool: "propose_status",
      status: "open",
      raisedInSessionId: week1,
      reviewers: [
        { userId: f.ana.id, confirmed: 9, rejected: 1 },
        { userId: f.ben.id, confirmed: 1, rejected: 8 },
      ],
    });
    expect(raised!.pValue).toBeCloseTo(0.001093333910671372, 10);
    const [card] = await listPreferenceConflicts({ workspaceId: f.workspace.id, templateId: f.template.id });
    expect(card!.summary).toBe("Ana confirmed 9 of 10 proposed status changes, Ben rejected 8 of 9.");

    // While it is open, the improver is told to leave status proposals alone (text and data).
    const open = await contextOf(f);
    expect(open.sections.find((s) => s.key === "decisions")!.text).toContain("reviewers disagree on “propose_status” proposals (one reviewer confirmed 9 of 10, another rejected 8 of 9): do not change directives about propose_status until the team settles it.");
    expect(open.facts.frozenTools).toEqual(["propose_status"]);

    // Next week the disagreement goes on: the same conflict, its figures refreshed.
    await f.decide(f.ben.id, "propose_status", 0, 2);
    await f.ritualWeek();
    expect(await f.conflicts()).toEqual([expect.objectContaining({ id: raised!.id, status: "open", raisedInSessionId: week1, reviewers: [expect.anything(), { userId: f.ben.id, confirmed: 1, rejected: 10 }] })]);

    // The team settles it in its own words.
    actAs(f.ana);
    const settled = await settlePreferenceConflictAction({ workspaceSlug: f.workspace.slug, conflictId: raised!.id, ruling: "custom", text: "Propose a status change only when every checklist item is done." });
    expect(settled).toMatchObject({ ok: true, data: { status: "settled" } });
    expect(await db.preferenceConflict.findUniqueOrThrow({ where: { id: raised!.id } })).toMatchObject({ status: "settled", ruling: "custom", settledById: f.ana.id, decision: "Propose a status change only when every checklist item is done." });
    const after = await contextOf(f);
    const decisions = after.sections.find((s) => s.key === "decisions")!.text;
    expect(decisions).not.toContain("Open preference conflicts");
    expect(decisions).toMatch(/Settled by the team \(follow these\):\n- on “propose_status” proposals \(\d{4}-\d\d-\d\d\) the team decided: Propose a status change only when every checklist item is done\./);
    expect(after.facts.frozenTools).toEqual([]);

    // The old disagreement is not raised again once the team has spoken…
    await f.ritualWeek();
    expect(await f.conflicts()).toHaveLength(1);
    // …but it is when the two keep disagreeing after the ruling.
    await f.decide(f.ana.id, "propose_status", 5, 0);
    await f.decide(f.ben.id, "propose_status", 0, 5);
    const week4 = await f.ritualWeek();
    const all = await f.conflicts();
    expect(all.map((c) => c.status)).toEqual(["settled", "open"]);
    expect(all[1]).toMatchObject({ raisedInSessionId: week4, reviewers: [{ userId: f.ana.id, confirmed: 5, rejected: 0 }, { userId: f.ben.id, confirmed: 0, rejected: 5 }] });
  });

  it("needs enough decisions from each reviewer, and people (not API keys) deciding", async () => {
    const f = await fixture();
    await f.decide(f.ana.id, "propose_status", 4, 0);
    await f.decide(f.ben.id, "propose_status", 0, 9);
    const agent = await makeAgent(f.scope, f.template.id);
    // Decisions with no person behind them (an API key's) are nobody's preference.
    await makeChangeSetRow(agent, { items: Array.from({ length: 6 }, () => ({ tool: "propose_status", decision: { verdict: "confirmed" as const, decidedById: null as unknown as string } })) });
    await f.ritualWeek();
    expect(await f.conflicts()).toEqual([]);
  });

  it("settling: members rule with a rule or their words, or dismiss; viewers 403, outsiders 404, bad input 400, twice 409", async () => {
    const f = await fixture();
    const conflict = await raisedConflict(f);
    const input = { workspaceSlug: f.workspace.slug, conflictId: conflict!.id };

    actAs(null);
    expect(await settlePreferenceConflictAction({ ...input, ruling: "confirm" })).toMatchObject({ ok: false, error: { status: 401 } });
    actAs(f.viewer);
    expect(await settlePreferenceConflictAction({ ...input, ruling: "confirm" })).toMatchObject({ ok: false, error: { status: 403 } });
    const stranger = await makeWorkspace();
    actAs(stranger.owner);
    expect(await settlePreferenceConflictAction({ ...input, ruling: "confirm" })).toMatchObject({ ok: false, error: { status: 404 } });
    // Another workspace's conflict, named from the stranger's own workspace: not found either.
    expect(await settlePreferenceConflictAction({ workspaceSlug: stranger.workspace.slug, conflictId: conflict!.id, ruling: "confirm" })).toMatchObject({ ok: false, error: { status: 404 } });

    actAs(f.ben);
    expect(await settlePreferenceConflictAction({ ...input, ruling: "custom" })).toMatchObject({ ok: false, error: { status: 400, fieldErrors: { text: [expect.any(String)] } } });
    expect(await settlePreferenceConflictAction({ ...input, ruling: "maybe" as "confirm" })).toMatchObject({ ok: false, error: { status: 400, fieldErrors: { ruling: [expect.any(String)] } } });
    expect(await settlePreferenceConflictAction({ ...input, ruling: "reject", text: "x".repeat(1_001) })).toMatchObject({ ok: false, error: { status: 400, fieldErrors: { text: [expect.any(String)] } } });
    expect((await db.preferenceConflict.findUniqueOrThrow({ where: { id: conflict!.id } })).status).toBe("open");

    expect(await settlePreferenceConflictAction({ ...input, ruling: "reject", text: "Status is ours to set." })).toMatchObject({
      ok: true,
      data: { status: "settled", decision: "Reject proposed status changes like these: make fewer of them. Status is ours to set." },
    });
    expect(await settlePreferenceConflictAction({ ...input, ruling: "dismiss" })).toMatchObject({ ok: false, error: { status: 409 } });
  });

  it("a dismissed conflict tells the improver nothing", async () => {
    const f = await fixture();
    const conflict = await raisedConflict(f);
    actAs(f.owner);
    expect(await settlePreferenceConflictAction({ workspaceSlug: f.workspace.slug, conflictId: conflict!.id, ruling: "dismiss", text: "Ben works the escalations." })).toMatchObject({ ok: true, data: { status: "dismissed" } });
    const ctx = await contextOf(f);
    expect(ctx.sections.find((s) => s.key === "decisions")!.text).not.toMatch(/preference conflicts|Settled by the team/);
    expect(ctx.facts.frozenTools).toEqual([]);
    const [card] = await listPreferenceConflicts({ workspaceId: f.workspace.id, templateId: f.template.id });
    expect(card).toMatchObject({ status: "dismissed", decision: "Ben works the escalations.", settledBy: f.owner.name ?? f.owner.email });
  });

  it("the template page's list names the session that raised a conflict, and a reviewer who left as a former member, in few statements", async () => {
    const f = await fixture();
    const none = await statementsDuring(() => listPreferenceConflicts({ workspaceId: f.workspace.id, templateId: f.template.id }));
    expect(none.result).toEqual([]);
    expect(none.statements).toHaveLength(2); // the open and the closed conflicts; nobody and no session to look up
    const conflict = await raisedConflict(f);
    const raisedIn = await db.evolutionSession.findUniqueOrThrow({ where: { id: conflict!.raisedInSessionId! }, select: { id: true, sessionNumber: true } });
    await db.membership.deleteMany({ where: { workspaceId: f.workspace.id, userId: f.ben.id } });
    const listed = await statementsDuring(() => listPreferenceConflicts({ workspaceId: f.workspace.id, templateId: f.template.id }));
    expect(listed.statements).toHaveLength(4);
    const [card] = listed.result;
    expect(card).toMatchObject({ id: conflict!.id, status: "open", raisedIn, settledBy: null });
    expect(card.reviewers.map((r) => r.name)).toEqual(["Ana", "A former member"]);
    expect(card.summary).toContain("A former member");
  });
});
