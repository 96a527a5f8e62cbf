import { describe, expect, it } from "vitest";
import { approveProposal, getClauseBlame, recordProposal, revertClause, startSession } from "@/features/one-on-one/server";
import { listProposals } from "@/features/one-on-one/server/queries";
import { createTemplateVersion } from "@/features/templates/server/create-template-version";
import { db } from "@/server/db";
import { makeTemplate, makeWorkspace, uid } from "../../factories";

// Why each line of the active directives is there (the version, its author and rationale, the
// session and the probation of the version that added it), and reverting one line through the
// normal approval path: a proposal in the template's one-on-one.

const BASE = "You triage support tickets.\n- Classify the product area.\n- Keep checklists to at most 6 items.";

describe("clause blame", () => {
  it("says where every line comes from and reverts one line to what it replaced, as a proposal", async () => {
    const { scope, workspace } = await makeWorkspace();
    const template = await makeTemplate(scope, { name: `Blame ${uid()}`, directives: BASE });
    await createTemplateVersion({ scope, templateId: template.id, directives: `${BASE}\n- Link duplicate tickets.`, authoredBy: "user", rationale: "Duplicates piled up." });
    const { session } = await startSession({ scope, templateId: template.id });
    const four = "- Keep checklists to at most 4 items.";
    const { proposalId } = await recordProposal({ workspaceId: workspace.id, sessionId: session.id, input: { directives: `You triage support tickets.\n- Classify the product area.\n${four}\n- Link duplicate tickets.`, rationale: "Reviewers rejected long checklists.", confidence: 0.9 } });
    await approveProposal({ scope, proposalId, rating: 0.8, finish: true });
    const v3 = await db.templateVersion.findFirstOrThrow({ where: { templateId: template.id, number: 3 } });
    await db.probation.update({ where: { versionId: v3.id }, data: { effects: { metrics: [{ metric: "acceptance", diff: { value: 0.12, low: 0.04, high: 0.2 } }] } } });

    const blame = Object.fromEntries((await getClauseBlame(workspace.id, template.id)).map((c) => [c.line, c]));
    expect(Object.keys(blame)).toEqual(["You triage support tickets.", "- Classify the product area.", four, "- Link duplicate tickets."]);
    expect(blame["- Classify the product area."]).toMatchObject({ version: 1, revertTo: null, session: null });
    expect(blame["- Link duplicate tickets."]).toMatchObject({ version: 2, authoredBy: "user", rationale: "Duplicates piled up.", revertTo: [] });
    expect(blame[four]).toMatchObject({
      version: 3,
      authoredBy: "agent",
      rationale: "Reviewers rejected long checklists.",
      session: { id: session.id, number: session.sessionNumber, origin: "interactive" },
      probation: { status: "running", acceptance: { diff: 0.12, low: 0.04, high: 0.2 } },
      revertTo: ["- Keep checklists to at most 6 items."],
    });

    const reverted = await revertClause({ scope, templateId: template.id, line: four });
    const proposals = await listProposals(workspace.id, reverted.sessionId);
    const proposal = proposals.find((p) => p.id === reverted.proposalId)!;
    expect(proposal).toMatchObject({ status: "pending", directives: `${BASE}\n- Link duplicate tickets.`, rationale: expect.stringMatching(/^Revert one line \(back to “- Keep checklists to at most 6 items\.”\): “- Keep checklists to at most 4 items\.”, added in v3/) });
    // It says what it undoes: the change approved with v3.
    expect(proposal.reversals).toContainEqual(expect.objectContaining({ line: four, kind: "removes", version: 3 }));
    // It is in the conversation: the request, and the proposal's card (a propose_directives part).
    const transcript = await db.evolutionMessage.findMany({ where: { sessionId: reverted.sessionId }, orderBy: { createdAt: "asc" } });
    expect(transcript.slice(-2).map((m) => m.role)).toEqual(["user", "assistant"]);
    expect(JSON.stringify(transcript.at(-1)!.parts)).toContain(`"proposalId":"${reverted.proposalId}"`);
    // Its replay check was queued, as for any proposal.
    expect(await db.replayCheck.findUniqueOrThrow({ where: { proposalId: reverted.proposalId } })).toMatchObject({ status: "queued" });
  });

  it("refuses lines that are not there, lines of the first version, and other workspaces' templates", async () => {
    const { scope } = await makeWorkspace();
    const template = await makeTemplate(scope, { name: `Blame ${uid()}`, directives: BASE });
    await expect(revertClause({ scope, templateId: template.id, line: "- Not a line." })).rejects.toMatchObject({ status: 400, message: expect.stringMatching(/not in the active directives/) });
    await expect(revertClause({ scope, templateId: template.id, line: "- Classify the product area." })).rejects.toMatchObject({ status: 400, message: expect.stringMatching(/first version/) });
    const stranger = await makeWorkspace();
    await expect(revertClause({ scope: stranger.scope, templateId: template.id, line: "- Classify the product area." })).rejects.toMatchObject({ status: 404 });
    expect(await db.proposal.count({ where: { templateId: template.id } })).toBe(0);
  });
});
