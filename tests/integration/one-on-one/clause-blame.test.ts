import { describe, expect, it } from "vitest";
import { approveProposal, buildSessionContext, getClauseBlame, recordProposal, revertClause, startSession } from "@/features/one-on-one/server";
import { listProposals } from "@/features/one-on-one/server/queries";
import { createTemplateVersion } from "@/features/templates/server/create-template-version";
import { db } from "@/server/db";
import { makeAgentRow, makeEvolutionSession, makeFeedbackItem, makeProposal, makeTemplate, makeTemplateRow, makeWorkspace, uid } from "../../factories";

// Why each line of the active directives is there (the version, its author and rationale, the
// session and the probation of the version that added it), and reverting one line through the
// normal approval path: a proposal in the template's one-on-one.

const DAY = 86_400_000;
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
    await db.probation.updateMany({ where: { versionId: v3.id }, data: { effects: { metrics: [{ metric: "acceptance", diff: { value: 0.12, low: 0.04, high: 0.2 } }] } } });

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

  it("links a line to the feedback its session saw, and flags a line nobody has said anything about for 60 days — to the improver too", async () => {
    const { workspace } = await makeWorkspace();
    const now = new Date();
    const old = new Date(now.getTime() - 90 * DAY);
    const { template, versions } = await makeTemplateRow(workspace.id, {
      versions: [
        { directives: "You triage support tickets.", createdAt: new Date(old.getTime() - DAY) },
        { directives: "You triage support tickets.\n- Explain every estimate in one sentence.\n- Use the right tool for log searches.", createdAt: old },
      ],
    });
    const summary = {
      totals: { items: 3, positive: 0, negative: 3, neutral: 0 },
      byCategory: [],
      patterns: [
        { category: "communication", sentiment: "negative", agentCount: 2, itemCount: 2, examples: [{ itemId: "fi-1", agentId: "a-1", detail: "No idea where this estimate came from" }, { itemId: "fi-2", agentId: "a-2", detail: "Say why it takes a day" }] },
        { category: "tooling", sentiment: "negative", agentCount: 1, itemCount: 1, examples: [{ itemId: "fi-3", agentId: "a-1", detail: "Searched the logs by hand" }] },
      ],
    };
    const session = await makeEvolutionSession(template, { status: "completed", feedbackSummary: summary });
    await makeProposal(session, { directives: versions[1]!.directives, status: "approved", resultingVersionId: versions[1]!.id, decidedAt: old });
    // Recent feedback about tools, none about communication.
    const agent = await makeAgentRow(template);
    await makeFeedbackItem(agent, { sentiment: "positive", category: "tooling", detail: "Good log search", occurredAt: new Date(now.getTime() - 5 * DAY) });

    const blame = Object.fromEntries((await getClauseBlame(workspace.id, template.id, now)).map((c) => [c.line, c]));
    expect(blame["- Explain every estimate in one sentence."]).toMatchObject({
      category: "communication",
      orphan: true,
      evidence: [
        { itemId: "fi-1", detail: "No idea where this estimate came from", category: "communication" },
        { itemId: "fi-2", detail: "Say why it takes a day", category: "communication" },
      ],
    });
    expect(blame["- Use the right tool for log searches."]).toMatchObject({ category: "tooling", orphan: false, evidence: [{ itemId: "fi-3", category: "tooling" }] });
    // The first version's line has no session: no evidence; young lines are never orphans.
    expect(blame["You triage support tickets."]!.evidence).toEqual([]);
    expect((await getClauseBlame(workspace.id, template.id, new Date(old.getTime() + 30 * DAY))).some((c) => c.orphan)).toBe(false);

    const ritual = await makeEvolutionSession(template, { sessionNumber: 2, status: "analyzing", origin: "ritual" });
    const context = await buildSessionContext(ritual, now);
    const versionsSection = context.sections.find((s) => s.key === "versions")!.text;
    expect(versionsSection).toContain("- Orphan clause (added in v2; no communication feedback in 60 days — keep, reword or remove?): - Explain every estimate in one sentence.");
    expect(versionsSection).not.toContain("log searches");
  });
});
