import { describe, expect, it } from "vitest";
import { approveProposalAction } from "@/features/one-on-one/actions/approve-proposal";
import { approveProposal, recordProposal, startSession } from "@/features/one-on-one/server";
import { buildSessionContext } from "@/features/one-on-one/server";
import { listProposals } from "@/features/one-on-one/server/queries";
import { formatDate } from "@/lib/format";
import { db } from "@/server/db";
import { makeAgent, makeFeedbackItem, makeTemplate, makeWorkspace, uid } from "../../factories";
import { actAs } from "../../support/session";

// The oscillation guard on the real database: a proposal that undoes one of the last 3 approved
// changes is approved only on new evidence since that approval (3 negative comments people wrote,
// or harm found on the version's probation) or with a person's written reason, which is stored.

const BASE = "You triage support tickets.\n- Classify the product area.";
const ADDED = "- Never propose a status change.";

async function fixture() {
  const { workspace, members, scope } = await makeWorkspace({ roles: ["member"] });
  const template = await makeTemplate(scope, { name: `Oscillation ${uid()}`, directives: BASE });
  const agent = await makeAgent(scope, template.id);
  /** A proposal in a fresh one-on-one (the previous one finished with its approval). */
  const propose = async (directives: string) => {
    const { session } = await startSession({ scope, templateId: template.id });
    const { proposalId } = await recordProposal({ workspaceId: workspace.id, sessionId: session.id, input: { directives, rationale: "People asked for it.", confidence: 0.9 } });
    return { proposalId, sessionId: session.id };
  };
  // v2 adds a clause, approved through the normal path.
  const v2 = await propose(`${BASE}\n${ADDED}`);
  await approveProposal({ scope, proposalId: v2.proposalId, rating: 0.8, finish: true });
  const version2 = await db.templateVersion.findFirstOrThrow({ where: { templateId: template.id, number: 2 } });
  // The proposal that takes it out again.
  const reversal = await propose(BASE);
  const card = async () => (await listProposals(workspace.id, reversal.sessionId)).find((p) => p.id === reversal.proposalId)!;
  return { workspace, scope, member: members.member!, template, agent, version2, reversal, card, propose };
}

const complaint = (f: Awaited<ReturnType<typeof fixture>>, sourceType = "observation") =>
  makeFeedbackItem(f.agent, { sentiment: "negative", category: "accuracy", detail: "Agents left tickets in the wrong state.", sourceType, occurredAt: new Date(f.version2.createdAt.getTime() + 60_000) });

describe("oscillation guard", () => {
  it("refuses to approve a reversal with no new evidence, says so on the card, and approves it with a written reason", async () => {
    const f = await fixture();
    const card = await f.card();
    expect(card.reversals).toEqual([expect.objectContaining({ line: ADDED, kind: "removes", version: 2 })]);
    expect(card.reversalEvidence).toEqual([expect.objectContaining({ version: 2, complaints: 0, harm: false, enough: false, words: "no new evidence: nobody complained since" })]);

    const refused = approveProposal({ scope: f.scope, proposalId: f.reversal.proposalId, rating: 0.8, finish: true });
    await expect(refused).rejects.toMatchObject({ status: 409, message: `This reverses the change approved on ${formatDate(f.version2.createdAt)} (v2). No new feedback about it since then: say what changed.` });
    // Signals alone are no new evidence: rejected proposals and low ratings come every week.
    for (let i = 0; i < 4; i++) await complaint(f, "decision");
    await expect(approveProposal({ scope: f.scope, proposalId: f.reversal.proposalId, rating: 0.8, finish: true })).rejects.toMatchObject({ status: 409 });

    // Through the action: a reason too short is a 400 on its field; a real one approves and is kept.
    actAs(f.member);
    expect(await approveProposalAction({ workspaceSlug: f.workspace.slug, proposalId: f.reversal.proposalId, rating: 0.8, finish: true, reversalReason: "no" })).toMatchObject({ ok: false, error: { status: 400, fieldErrors: { reversalReason: [expect.any(String)] } } });
    const approved = await approveProposalAction({ workspaceSlug: f.workspace.slug, proposalId: f.reversal.proposalId, rating: 0.8, finish: true, reversalReason: "Support now wants agents to suggest statuses." });
    expect(approved).toMatchObject({ ok: true, data: { version: { number: 3 } } });
    expect(await db.proposal.findUniqueOrThrow({ where: { id: f.reversal.proposalId } })).toMatchObject({ status: "approved", reversalReason: "Support now wants agents to suggest statuses." });
    expect((await f.card()).reversalReason).toBe("Support now wants agents to suggest statuses.");
  });

  it("approves a reversal without a reason once people wrote 3 complaints since the change", async () => {
    const f = await fixture();
    await complaint(f);
    await complaint(f, "reason");
    await expect(approveProposal({ scope: f.scope, proposalId: f.reversal.proposalId, rating: 0.8, finish: true })).rejects.toMatchObject({ status: 409, message: expect.stringMatching(/Only 2 negative comments since then: say what changed\.$/) });
    await complaint(f);
    expect((await f.card()).reversalEvidence).toEqual([expect.objectContaining({ version: 2, complaints: 3, enough: true, words: "new evidence: 3 negative comments people wrote since" })]);
    const approved = await approveProposal({ scope: f.scope, proposalId: f.reversal.proposalId, rating: 0.8, finish: true });
    expect(approved.version.number).toBe(3);
  });

  it("counts harm found on the reversed version's probation as new evidence", async () => {
    const f = await fixture();
    await db.probation.updateMany({ where: { versionId: f.version2.id }, data: { status: "harm_detected", harmDetectedAt: new Date() } });
    expect((await f.card()).reversalEvidence).toEqual([expect.objectContaining({ harm: true, enough: true, words: "new evidence: its probation found it worse than the version before" })]);
    expect((await approveProposal({ scope: f.scope, proposalId: f.reversal.proposalId, rating: 0.8, finish: true })).version.number).toBe(3);
  });

  it("leaves proposals that reverse nothing alone, and tells the improver which recent changes lack evidence", async () => {
    const f = await fixture();
    const { sessionId } = f.reversal;
    const ctx = await buildSessionContext(await db.evolutionSession.findUniqueOrThrow({ where: { id: sessionId } }));
    const decisions = ctx.sections.find((s) => s.key === "decisions")!.text;
    expect(decisions).toContain(`- v2, approved ${f.version2.createdAt.toISOString().slice(0, 10)}: no new evidence: nobody complained since — do not reverse it`);

    // A proposal that keeps v2's clause and adds another is not a reversal.
    await db.proposal.update({ where: { id: f.reversal.proposalId }, data: { status: "superseded" } });
    const { proposalId } = await recordProposal({ workspaceId: f.workspace.id, sessionId, input: { directives: `${BASE}\n${ADDED}\n- Link duplicate tickets.`, rationale: "Duplicates piled up.", confidence: 0.9 } });
    expect((await approveProposal({ scope: f.scope, proposalId, rating: 0.8, finish: true })).version.number).toBe(3);
  });
});
