import { describe, expect, it } from "vitest";
import { rejectionMessage } from "@/ai/prompts/improver";
import { streamImproverReply, loadTranscript } from "@/features/one-on-one/server/chat";
import { approveProposal, rejectProposal, recordProposal } from "@/features/one-on-one/server";
import { listProposals } from "@/features/one-on-one/server/queries";
import { abandonSession, finishSession, startSession } from "@/features/one-on-one/server";
import { improverTools } from "@/features/one-on-one/server/tools";
import { createTemplateVersion } from "@/features/templates/server/create-template-version";
import { setTemplateHead } from "@/features/templates/server/set-template-head";
import { db } from "@/server/db";
import { makeProposal, makeRejectedEstimates, makeTemplate, makeWorkspace, uid } from "../../factories";
import { scriptedChatModel } from "../../support/scripted-models";
import type { LanguageModelV3StreamPart } from "@ai-sdk/provider";
import { simulateReadableStream } from "ai";
import { MockLanguageModelV3 } from "ai/test";

// The one-on-one end to end against Postgres with scripted (streaming) models: sessions, the
// transcript, tools writing proposals and notes, approve / reject / abandon, mutation safety.

const BASE = "You triage support tickets.\n- Classify the product area.\n- Set a priority.";

async function fixture() {
  const { workspace, owner, scope } = await makeWorkspace();
  const template = await makeTemplate(scope, { name: `Triage ${uid()}`, directives: BASE });
  // Feedback for the session to classify: rejected decisions from three agents (a pattern).
  const agents = await makeRejectedEstimates(scope, template.id);
  return { workspace, owner, scope, template, agents };
}

type Fixture = Awaited<ReturnType<typeof fixture>>;

const userText = (text: string, kind?: "opening" | "rejection") => ({ role: "user" as const, parts: [{ type: "text" as const, text }], ...(kind ? { metadata: { kind } } : {}) });

/** One chat turn; reads the whole stream, then waits for the answer to be persisted. */
async function turn(f: Fixture, sessionId: string, text: string, model: ReturnType<typeof scriptedChatModel>["model"], kind?: "opening" | "rejection") {
  const before = await db.evolutionMessage.count({ where: { sessionId } });
  const res = await streamImproverReply({ workspaceId: f.workspace.id, templateId: f.template.id, sessionId, userId: f.owner.id, message: userText(text, kind), model });
  expect(res.status).toBe(200);
  const body = await res.text();
  for (let i = 0; i < 50 && (await db.evolutionMessage.count({ where: { sessionId } })) < before + 2; i++) await new Promise((r) => setTimeout(r, 20));
  return body;
}

const propose = (directives: string, confidence: number, rationale = "Estimates were rejected by three agents.") => ({ tool: "propose_directives", input: { directives, rationale, confidence } });
const note = (kind: string, content: string) => ({ tool: "record_evolution_note", input: { kind, content } });

describe("one-on-one conversation", () => {
  it("a failed opening can be tried again: the same message is not stored twice nor refused as a second opening", async () => {
    const f = await fixture();
    const { session } = await startSession({ scope: f.scope, templateId: f.template.id });
    const down = new MockLanguageModelV3({
      doStream: async () => {
        throw new Error("provider down");
      },
    });
    await turn(f, session.id, "Open the session", down as unknown as ReturnType<typeof scriptedChatModel>["model"], "opening").catch(() => undefined);
    expect((await loadTranscript(f.workspace.id, session.id)).map((m) => m.role)).toEqual(["user"]);
    await turn(f, session.id, "Open the session", scriptedChatModel([{ text: "Here is what the feedback says." }]).model, "opening");
    const transcript = await loadTranscript(f.workspace.id, session.id);
    expect(transcript.map((m) => m.role)).toEqual(["user", "assistant"]);
    // Another opening after that is still refused.
    await expect(
      streamImproverReply({ workspaceId: f.workspace.id, templateId: f.template.id, sessionId: session.id, userId: f.owner.id, message: userText("Open the session", "opening"), model: scriptedChatModel([]).model }),
    ).rejects.toMatchObject({ status: 409 });
  });

  it("an answer that breaks while a proposal streams is saved with its whole text only, marked cut off: no half proposal, never 'in progress'; nothing half-written", async () => {
    const f = await fixture();
    const { session } = await startSession({ scope: f.scope, templateId: f.template.id });
    // Text, then a proposal whose input is cut off by a malformed stream.
    const broken = new MockLanguageModelV3({
      doStream: async () => ({
        stream: simulateReadableStream<LanguageModelV3StreamPart>({
          chunks: [
            { type: "stream-start", warnings: [] },
            { type: "text-start", id: "t1" },
            { type: "text-delta", id: "t1", delta: "Here is what I propose: " },
            { type: "text-end", id: "t1" },
            { type: "tool-input-start", id: "c1", toolName: "propose_directives" },
            { type: "tool-input-delta", id: "c1", delta: '{"directives":"You triage' },
            { type: "error", error: new Error("malformed stream line") },
          ],
        }),
      }),
    });
    await turn(f, session.id, "What would you change?", broken as unknown as ReturnType<typeof scriptedChatModel>["model"]);
    const answer = (await loadTranscript(f.workspace.id, session.id)).at(-1)!;
    expect(answer.role).toBe("assistant");
    const states = answer.parts.filter((p) => p.type.startsWith("tool-")).map((p) => (p as { state: string }).state);
    expect(states).toEqual([]);
    expect(JSON.stringify(answer.parts)).toContain("Here is what I propose");
    // Stored so too (not only mended when read).
    const row = await db.evolutionMessage.findFirstOrThrow({ where: { sessionId: session.id, role: "assistant" }, orderBy: { createdAt: "desc" } });
    expect(JSON.stringify(row.parts)).not.toContain("propose_directives");
    expect(row.metadata).toMatchObject({ cutOff: true });
    expect(await db.proposal.count({ where: { sessionId: session.id } })).toBe(0);
  });

  it("regenerate takes the newest answer back — its undecided proposal superseded, its notes deleted — and answers the same message once more", async () => {
    const f = await fixture();
    const { session } = await startSession({ scope: f.scope, templateId: f.template.id });
    const v2 = `${BASE}\n- Estimate from the checklist: 15 minutes per step.`;
    await turn(f, session.id, "Estimates keep getting rejected.", scriptedChatModel([{ text: "Try this. ", calls: [note("hypothesis", "Checklists fix estimates."), propose(v2, 0.9)] }, { text: "Approve it?" }]).model);
    const [asked, answer] = (await loadTranscript(f.workspace.id, session.id)).slice(-2);
    const [old] = await listProposals(f.workspace.id, session.id);

    const again = scriptedChatModel([{ text: "On second thought: the estimates were rejected for simple tickets only." }]);
    const res = await streamImproverReply({ workspaceId: f.workspace.id, templateId: f.template.id, sessionId: session.id, userId: f.owner.id, message: userText("Estimates keep getting rejected."), replaces: answer!.id, model: again.model });
    await res.text();
    await expect.poll(async () => (await loadTranscript(f.workspace.id, session.id)).at(-1)?.id).not.toBe(asked!.id);

    const transcript = await loadTranscript(f.workspace.id, session.id);
    expect(transcript.map((m) => m.role)).toEqual(["user", "assistant"]);
    expect(transcript[0]!.id).toBe(asked!.id);
    expect(JSON.stringify(transcript[1]!.parts)).toContain("On second thought");
    // The model was asked without the answer it replaces.
    expect(JSON.stringify(again.prompts[0])).not.toContain("Try this.");
    expect(await db.proposal.findUniqueOrThrow({ where: { id: old!.id } })).toMatchObject({ status: "superseded" });
    expect(await db.evolutionNote.count({ where: { sessionId: session.id } })).toBe(0);
  });

  it("regenerate refuses (409, nothing changed) an answer that is not the newest, one whose proposal was decided, and a ritual step's", async () => {
    const f = await fixture();
    const { session } = await startSession({ scope: f.scope, templateId: f.template.id });
    const regenerate = (replaces: string) =>
      streamImproverReply({ workspaceId: f.workspace.id, templateId: f.template.id, sessionId: session.id, userId: f.owner.id, message: userText("Again"), replaces, model: scriptedChatModel([{ text: "x" }]).model });
    await turn(f, session.id, "Open", scriptedChatModel([{ text: "Summary." }]).model, "opening");
    const opening = (await loadTranscript(f.workspace.id, session.id)).at(-1)!;
    await turn(f, session.id, "Change estimates", scriptedChatModel([{ calls: [propose(`${BASE}\n- Estimate per step.`, 0.9)] }, { text: "Done." }]).model);
    const proposing = (await loadTranscript(f.workspace.id, session.id)).at(-1)!;

    await expect(regenerate(opening.id)).rejects.toMatchObject({ status: 409, message: expect.stringMatching(/newest answer/) });
    const [p] = await listProposals(f.workspace.id, session.id);
    await rejectProposal({ scope: f.scope, proposalId: p!.id, reason: "Too coarse for simple tickets" });
    await expect(regenerate(proposing.id)).rejects.toMatchObject({ status: 409, message: expect.stringMatching(/already decided/) });
    expect((await loadTranscript(f.workspace.id, session.id)).map((m) => m.id)).toEqual([expect.any(String), opening.id, expect.any(String), proposing.id]);

    // A ritual's own steps are not regenerated from the chat.
    const ritual = await db.evolutionSession.create({ data: { workspaceId: f.workspace.id, templateId: f.template.id, sessionNumber: 9, origin: "ritual", status: "awaiting_review" } });
    await db.evolutionMessage.create({ data: { workspaceId: f.workspace.id, sessionId: ritual.id, role: "user", parts: [{ type: "text", text: "Weekly ritual, proposal" }], metadata: { kind: "ritual" } } });
    const step = await db.evolutionMessage.create({ data: { workspaceId: f.workspace.id, sessionId: ritual.id, role: "assistant", parts: [{ type: "text", text: "Proposed." }], metadata: {}, createdAt: new Date(Date.now() + 1000) } });
    await expect(
      streamImproverReply({ workspaceId: f.workspace.id, templateId: f.template.id, sessionId: ritual.id, userId: f.owner.id, message: userText("Again"), replaces: step.id, model: scriptedChatModel([]).model }),
    ).rejects.toMatchObject({ status: 409, message: expect.stringMatching(/weekly ritual/) });
    expect(await db.evolutionMessage.count({ where: { sessionId: ritual.id } })).toBe(2);
  });

  it("propose → reject with a reason → re-propose → approve: version n+1 is head, session completed with rating and acknowledged counter, notes kept", async () => {
    const f = await fixture();
    const { session, resumed } = await startSession({ scope: f.scope, templateId: f.template.id });
    expect(resumed).toBe(false);
    expect(session.sessionNumber).toBe(1);
    expect(Number(session.coveredUntilCounter)).toBeGreaterThan(0);
    // Three rejected estimates: three decision signals and the three reasons people wrote.
    expect(session.feedbackSummary).toMatchObject({ totals: { negative: 6 } });

    const v2 = `${BASE}\n- Estimate from the checklist: 15 minutes per step.`;
    const first = scriptedChatModel([
      { text: "Three agents had estimates rejected. ", calls: [note("hypothesis", "Checklist-based estimates will be accepted more often."), propose(v2, 0.9)] },
      { text: "Approve it, or tell me what to change." },
    ]);
    const stream = await turn(f, session.id, "Estimates keep getting rejected. Fix that.", first.model);
    expect(stream).toContain("tool-input-available");
    // The improver saw the context, with the classified feedback, in its system message.
    const system = first.prompts[0]!.find((m) => m.role === "system");
    expect(system?.content).toContain("## Classified feedback");
    expect(system?.content).toContain("propose_estimate");

    let proposals = await listProposals(f.workspace.id, session.id);
    expect(proposals).toHaveLength(1);
    expect(proposals[0]).toMatchObject({ status: "pending", confidence: 0.9, base: { number: 1 } });

    await rejectProposal({ scope: f.scope, proposalId: proposals[0]!.id, reason: "15 minutes per step is too much for simple tickets" });
    const v2b = `${BASE}\n- Estimate from the checklist: 10 minutes per simple step, 30 per investigation.`;
    const second = scriptedChatModel([{ calls: [propose(v2b, 0.85, "Revised after your reason: simple steps are faster.")] }, { text: "Revised." }]);
    await turn(f, session.id, rejectionMessage("15 minutes per step is too much for simple tickets"), second.model, "rejection");
    // The model saw the rejection in the conversation.
    expect(JSON.stringify(second.prompts[0])).toContain("I rejected your proposal. Reason: 15 minutes per step");

    proposals = await listProposals(f.workspace.id, session.id);
    expect(proposals.map((p) => p.status)).toEqual(["rejected", "pending"]);
    const result = await approveProposal({ scope: f.scope, proposalId: proposals[1]!.id, rating: 0.8, finish: true });
    expect(result.version.number).toBe(2);
    expect(result.session.status).toBe("completed");

    const template = await db.agentTemplate.findUniqueOrThrow({ where: { id: f.template.id }, include: { head: true } });
    expect(template.head).toMatchObject({ number: 2, directives: v2b, authoredBy: "agent", rationale: "Revised after your reason: simple steps are faster.", parentVersionId: f.template.headVersionId });
    const done = await db.evolutionSession.findUniqueOrThrow({ where: { id: session.id } });
    expect(done).toMatchObject({ status: "completed", userRating: 0.8, approvedMutations: 1 });
    expect(done.lastAcknowledgedCounter).toBe(session.coveredUntilCounter);
    const notes = await db.evolutionNote.findMany({ where: { sessionId: session.id }, orderBy: { createdAt: "asc" } });
    expect(notes.map((n) => n.kind)).toEqual(["hypothesis", "decision", "decision"]);
    expect(notes[1]!.content).toContain("15 minutes per step is too much");
    expect(notes[2]!.content).toMatch(/^Approved v2 \(rated 0\.80\)/);

    // The transcript is persisted (user, assistant, user, assistant) and resumes as UI messages.
    const transcript = await loadTranscript(f.workspace.id, session.id);
    expect(transcript.map((m) => m.role)).toEqual(["user", "assistant", "user", "assistant"]);
    expect(transcript[2]!.metadata?.kind).toBe("rejection");
    expect(transcript[1]!.parts.some((p) => p.type === "tool-propose_directives")).toBe(true);

    // The next session starts where this one acknowledged.
    const next = await startSession({ scope: f.scope, templateId: f.template.id });
    expect(next.session.sessionNumber).toBe(2);
    expect(next.session.sinceCounter).toBe(done.lastAcknowledgedCounter);
    expect(next.session.feedbackSummary).toMatchObject({ totals: { items: 0 } });
  });

  it("starting twice resumes the open session; abandoning leaves no version and closes the proposals", async () => {
    const f = await fixture();
    const [a, b] = await Promise.all([startSession({ scope: f.scope, templateId: f.template.id }), startSession({ scope: f.scope, templateId: f.template.id })]);
    expect(a.session.id).toBe(b.session.id);
    expect([a.resumed, b.resumed].sort()).toEqual([false, true]);

    const { proposalId } = await recordProposal({ workspaceId: f.workspace.id, sessionId: a.session.id, input: { directives: `${BASE}\n- Be brief.`, rationale: "Shorter.", confidence: 0.9 } });
    await abandonSession({ scope: f.scope, sessionId: a.session.id });
    expect(await db.templateVersion.count({ where: { templateId: f.template.id } })).toBe(1);
    expect(await db.proposal.findUniqueOrThrow({ where: { id: proposalId } })).toMatchObject({ status: "superseded" });
    expect(await db.evolutionSession.findUniqueOrThrow({ where: { id: a.session.id } })).toMatchObject({ status: "abandoned", lastAcknowledgedCounter: null });
    await expect(approveProposal({ scope: f.scope, proposalId, rating: 1, finish: true })).rejects.toMatchObject({ status: 409 });
    // Chatting in an ended session is refused.
    await expect(streamImproverReply({ workspaceId: f.workspace.id, templateId: f.template.id, sessionId: a.session.id, userId: f.owner.id, message: userText("hello?"), model: scriptedChatModel([]).model })).rejects.toMatchObject({ status: 409 });
    // An abandoned session acknowledges nothing: the next one sees the same feedback again.
    const next = await startSession({ scope: f.scope, templateId: f.template.id });
    expect(next.session.sinceCounter).toBe(0n);
  });

  it("a proposal below confidence 0.8 is a draft that cannot be approved", async () => {
    const f = await fixture();
    const { session } = await startSession({ scope: f.scope, templateId: f.template.id });
    const chat = scriptedChatModel([{ calls: [propose(`${BASE}\n- Maybe escalate more?`, 0.6)] }, { text: "It's a hunch." }]);
    await turn(f, session.id, "Any ideas?", chat.model);
    const [draft] = await listProposals(f.workspace.id, session.id);
    expect(draft).toMatchObject({ status: "draft", confidence: 0.6 });
    await expect(approveProposal({ scope: f.scope, proposalId: draft!.id, rating: 1, finish: true })).rejects.toMatchObject({ status: 409, message: expect.stringContaining("draft") });
    expect(await db.templateVersion.count({ where: { templateId: f.template.id } })).toBe(1);
    // A draft can still be rejected with a reason.
    await rejectProposal({ scope: f.scope, proposalId: draft!.id, reason: "Not convincing yet" });
  });

  it("allows at most 3 approved mutations per session: the 4th proposal and the 4th approval are refused", async () => {
    const f = await fixture();
    const { session } = await startSession({ scope: f.scope, templateId: f.template.id });
    let directives = BASE;
    for (let i = 1; i <= 3; i++) {
      directives += `\n- Rule ${i}.`;
      const { proposalId } = await recordProposal({ workspaceId: f.workspace.id, sessionId: session.id, input: { directives, rationale: `Rule ${i}`, confidence: 0.9 } });
      await approveProposal({ scope: f.scope, proposalId, rating: 0.7, finish: false });
    }
    // Through the tool, the refusal goes back to the model as a message (no throw).
    const tools = improverTools({ workspaceId: f.workspace.id, templateId: f.template.id, sessionId: session.id });
    const out = await tools.propose_directives.execute!({ directives: `${directives}\n- Rule 4.`, rationale: "More", confidence: 0.95 }, { toolCallId: "t", messages: [] });
    expect(out).toMatchObject({ ok: false, error: expect.stringContaining("3 approved changes") });
    // A 4th pending proposal written before the limit (say, by a second tab) cannot be approved either.
    const head = await db.agentTemplate.findUniqueOrThrow({ where: { id: f.template.id } });
    const stray = await makeProposal({ id: session.id, workspaceId: f.workspace.id, templateId: f.template.id }, { directives: `${directives}\n- Rule 4.`, rationale: "Stray", confidence: 0.9, baseVersionId: head.headVersionId });
    await expect(approveProposal({ scope: f.scope, proposalId: stray.id, rating: 1, finish: true })).rejects.toMatchObject({ status: 409 });
    expect(await db.templateVersion.count({ where: { templateId: f.template.id } })).toBe(4);
    // Finishing with a rating completes the session and acknowledges its window.
    const finished = await finishSession({ scope: f.scope, sessionId: session.id, rating: 0.9 });
    expect(finished).toMatchObject({ status: "completed", userRating: 0.9 });
    expect(finished.lastAcknowledgedCounter).toBe(session.coveredUntilCounter);
  });

  it("refuses a proposal identical to the head, a stale proposal after a rollback, and two concurrent approvals make one version", async () => {
    const f = await fixture();
    const { session } = await startSession({ scope: f.scope, templateId: f.template.id });
    await expect(recordProposal({ workspaceId: f.workspace.id, sessionId: session.id, input: { directives: `${BASE}\n`, rationale: "Same", confidence: 0.9 } })).rejects.toMatchObject({ status: 400 });

    const { proposalId } = await recordProposal({ workspaceId: f.workspace.id, sessionId: session.id, input: { directives: `${BASE}\n- New rule.`, rationale: "New", confidence: 0.9 } });
    const results = await Promise.allSettled([
      approveProposal({ scope: f.scope, proposalId, rating: 0.9, finish: false }),
      approveProposal({ scope: f.scope, proposalId, rating: 0.5, finish: false }),
    ]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    expect(results.find((r) => r.status === "rejected")).toMatchObject({ reason: { status: 409 } });
    expect(await db.templateVersion.count({ where: { templateId: f.template.id } })).toBe(2);

    // Someone rolls back to v1 while a new proposal (made against v2) waits: it is stale.
    const stale = await recordProposal({ workspaceId: f.workspace.id, sessionId: session.id, input: { directives: `${BASE}\n- New rule.\n- Another.`, rationale: "Another", confidence: 0.9 } });
    await setTemplateHead({ scope: f.scope, templateId: f.template.id, versionId: f.template.headVersionId! });
    await expect(approveProposal({ scope: f.scope, proposalId: stale.proposalId, rating: 0.9, finish: true })).rejects.toMatchObject({ status: 409, message: expect.stringContaining("changed") });
  });

  it("flags a removed clause that an earlier version added for confirmed behaviour", async () => {
    const f = await fixture();
    const keep = "- Link duplicate tickets before triaging.";
    await createTemplateVersion({ scope: f.scope, templateId: f.template.id, directives: `${BASE}\n${keep}`, authoredBy: "user", rationale: "Confirmed checklist quality: agents that linked duplicates were praised." });
    await createTemplateVersion({ scope: f.scope, templateId: f.template.id, directives: `${BASE}\n${keep}\n- Reply in the customer's language.`, authoredBy: "user", rationale: "Customers abroad." });
    const { session } = await startSession({ scope: f.scope, templateId: f.template.id });
    await recordProposal({ workspaceId: f.workspace.id, sessionId: session.id, input: { directives: `You triage support tickets.\n- Classify the product area.\n- Reply in the customer's language.`, rationale: "Simplify.", confidence: 0.9 } });
    const [proposal] = await listProposals(f.workspace.id, session.id);
    const flags = Object.fromEntries(proposal!.flags.map((fl) => [fl.line, fl]));
    expect(flags[keep]).toMatchObject({ version: 2, positive: true, rationale: expect.stringContaining("Confirmed checklist quality") });
    expect(flags["- Set a priority."]).toMatchObject({ version: 1, positive: false });
  });

  it("says when a proposal reverses a change of the last 3 versions, with its date — and not older ones", async () => {
    const f = await fixture();
    const four = "- Keep checklists to at most 4 items.";
    const six = "- Keep checklists to at most 6 items.";
    const old = "- Link duplicate tickets.";
    const v2 = await createTemplateVersion({ scope: f.scope, templateId: f.template.id, directives: `${BASE}\n${old}`, authoredBy: "user" });
    const v3 = await createTemplateVersion({ scope: f.scope, templateId: f.template.id, directives: `${BASE}\n${old}\n${six}`, authoredBy: "user" });
    await createTemplateVersion({ scope: f.scope, templateId: f.template.id, directives: `${BASE}\n${old}\n- Be brief.\n${six}`, authoredBy: "user" });
    const v5 = await createTemplateVersion({ scope: f.scope, templateId: f.template.id, directives: `${BASE}\n${old}\n- Be brief.\n${four}`, authoredBy: "user" });
    const { session } = await startSession({ scope: f.scope, templateId: f.template.id });
    // Back to 6 items (v5 changed 6 → 4), and drops the duplicate rule (added by v2, 4 versions ago: not flagged).
    await recordProposal({ workspaceId: f.workspace.id, sessionId: session.id, input: { directives: `${BASE}\n- Be brief.\n${six}`, rationale: "Six items after all.", confidence: 0.9 } });
    const [proposal] = await listProposals(f.workspace.id, session.id);
    expect(proposal!.reversals).toEqual([
      { line: four, kind: "removes", version: 5, approvedAt: v5.createdAt },
      { line: six, kind: "restores", version: 5, approvedAt: v5.createdAt },
    ]);
    expect(v2.number).toBe(2);
    expect(v3.number).toBe(3);
  });

  it("keeps sessions of other workspaces out of reach", async () => {
    const f = await fixture();
    const other = await fixture();
    const { session } = await startSession({ scope: other.scope, templateId: other.template.id });
    const { proposalId } = await recordProposal({ workspaceId: other.workspace.id, sessionId: session.id, input: { directives: `${BASE}\n- X.`, rationale: "X", confidence: 0.9 } });
    await expect(approveProposal({ scope: f.scope, proposalId, rating: 1, finish: true })).rejects.toMatchObject({ status: 404 });
    await expect(rejectProposal({ scope: f.scope, proposalId, reason: "nope nope" })).rejects.toMatchObject({ status: 404 });
    await expect(abandonSession({ scope: f.scope, sessionId: session.id })).rejects.toMatchObject({ status: 404 });
    await expect(startSession({ scope: f.scope, templateId: other.template.id })).rejects.toMatchObject({ status: 404 });
    await expect(streamImproverReply({ workspaceId: f.workspace.id, templateId: other.template.id, sessionId: session.id, userId: f.owner.id, message: userText("hi"), model: scriptedChatModel([]).model })).rejects.toMatchObject({ status: 404 });
    expect(await loadTranscript(f.workspace.id, session.id)).toEqual([]);
  });
});
