import type { LanguageModelV3StreamPart } from "@ai-sdk/provider";
import { MockLanguageModelV3 } from "ai/test";
import { describe, expect, it } from "vitest";
import { GET, POST } from "@/app/api/workspaces/[slug]/templates/[id]/one-on-one/route";
import { approveProposal, startSession } from "@/features/one-on-one/server";
import { loadTranscript, streamImproverReply } from "@/features/one-on-one/server/chat";
import { listProposals } from "@/features/one-on-one/server/queries";
import { db } from "@/server/db";
import { makeTemplate, makeWorkspace, uid } from "../../factories";
import { actAs } from "../../support/session";
import { scriptedChatModel } from "../../support/scripted-models";

// The chat route's resumable stream (GET: the answer being written, replayed from its start and
// followed live; 204 when none is) and "Edit" (the person's newest message rewritten, its answer
// taken back, answered again).

const BASE = "You triage support tickets.\n- Set a priority.";

async function fixture() {
  const { workspace, owner, members, scope } = await makeWorkspace({ roles: ["member", "viewer"] });
  const template = await makeTemplate(scope, { name: `Resume ${uid()}`, directives: BASE });
  const { session } = await startSession({ scope, templateId: template.id });
  return { workspace, owner, members, scope, template, session };
}
type Fixture = Awaited<ReturnType<typeof fixture>>;

const url = (slug: string, id: string, query = "") => `http://localhost/api/workspaces/${slug}/templates/${id}/one-on-one${query}`;
const follow = (slug: string, id: string, sessionId: string | null) =>
  GET(new Request(url(slug, id, sessionId === null ? "" : `?sessionId=${encodeURIComponent(sessionId)}`)), { params: Promise.resolve({ slug, id }) });
const post = (slug: string, id: string, body: unknown) =>
  POST(new Request(url(slug, id), { method: "POST", body: JSON.stringify(body), headers: { "content-type": "application/json" } }), { params: Promise.resolve({ slug, id }) });

const userText = (text: string) => ({ role: "user" as const, parts: [{ type: "text" as const, text }] });

/** A model that writes "Half of ", then waits for `finish()` before writing "the answer." and ending. */
function gatedModel() {
  let open!: () => void;
  const gate = new Promise<void>((r) => (open = r));
  const usage = { inputTokens: { total: 10, noCache: 10, cacheRead: 0, cacheWrite: 0 }, outputTokens: { total: 5, text: 5, reasoning: 0 } };
  const before: LanguageModelV3StreamPart[] = [
    { type: "stream-start", warnings: [] },
    { type: "text-start", id: "t" },
    { type: "text-delta", id: "t", delta: "Half of " },
  ];
  const after: LanguageModelV3StreamPart[] = [
    { type: "text-delta", id: "t", delta: "the answer." },
    { type: "text-end", id: "t" },
    { type: "finish", finishReason: { unified: "stop", raw: "stop" }, usage },
  ];
  const model = new MockLanguageModelV3({
    doStream: async () => {
      let i = 0;
      const parts = [...before, ...after];
      return {
        stream: new ReadableStream<LanguageModelV3StreamPart>({
          async pull(c) {
            if (i === before.length) await gate;
            if (i < parts.length) c.enqueue(parts[i++]!);
            else c.close();
          },
        }),
      };
    },
  });
  return { model, finish: () => open() };
}

/** Reads a response body until `until` appears in it (or it ends); returns the reader to go on with. */
async function readUntil(res: Response, until: string) {
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let text = "";
  while (!text.includes(until)) {
    const r = await reader.read();
    if (r.done) break;
    text += decoder.decode(r.value);
  }
  return {
    text,
    rest: async () => {
      for (let r = await reader.read(); !r.done; r = await reader.read()) text += decoder.decode(r.value);
      return text;
    },
  };
}

/** The `data:` events of an SSE body, parsed. */
const events = (sse: string) =>
  sse
    .split("\n\n")
    .map((e) => e.replace(/^data: /, "").trim())
    .filter((e) => e && e !== "[DONE]")
    .map((e) => JSON.parse(e) as { type: string; delta?: string });

async function stored(f: Fixture, count: number) {
  await expect.poll(async () => (await loadTranscript(f.workspace.id, f.session.id)).length).toBe(count);
}

describe("one-on-one: resuming the answer being written", () => {
  it("a page loaded mid-answer gets it replayed from its first chunk, then live to the end; nothing in flight is a 204", async () => {
    const f = await fixture();
    const slug = f.workspace.slug;
    actAs(f.owner);
    expect((await follow(slug, f.template.id, f.session.id)).status).toBe(204);

    const { model, finish } = gatedModel();
    const res = await streamImproverReply({ workspaceId: f.workspace.id, templateId: f.template.id, sessionId: f.session.id, userId: f.owner.id, message: userText("Why were estimates rejected?"), model });
    const live = await readUntil(res, "Half of ");

    // The page reloaded: what was written before it asked comes first (replayed), then the rest as it is written.
    const resumed = await follow(slug, f.template.id, f.session.id);
    expect(resumed.status).toBe(200);
    expect(resumed.headers.get("content-type")).toContain("text/event-stream");
    const replay = await readUntil(resumed, "Half of ");
    expect(replay.text).toContain('"type":"start"');
    expect(replay.text).not.toContain("the answer.");
    // A viewer reads the answer being written too.
    actAs(f.members.viewer!);
    const viewer = await follow(slug, f.template.id, f.session.id);
    expect(viewer.status).toBe(200);

    finish();
    const [first, again, watched] = await Promise.all([live.rest(), replay.rest(), viewer.text()]);
    // Every follower got the same chunks as the person who asked, in the same order.
    expect(events(again)).toEqual(events(first));
    expect(events(watched)).toEqual(events(first));
    expect(events(again).map((e) => e.delta ?? "").join("")).toBe("Half of the answer.");
    expect(again.trimEnd().endsWith("data: [DONE]")).toBe(true);

    // Stored, and the buffer freed: nothing to resume any more.
    await stored(f, 2);
    actAs(f.owner);
    expect((await follow(slug, f.template.id, f.session.id)).status).toBe(204);
  });

  it("GET is authorised like the chat: outsiders and other templates 404, signed-out 401, a missing or bad sessionId 400", async () => {
    const f = await fixture();
    const slug = f.workspace.slug;
    const outsider = await makeWorkspace();
    actAs(outsider.owner);
    expect((await follow(slug, f.template.id, f.session.id)).status).toBe(404);
    // The outsider's own workspace does not reach the session either.
    const theirs = await makeTemplate(outsider.scope, { name: `Theirs ${uid()}`, directives: "Other." });
    expect((await follow(outsider.workspace.slug, theirs.id, f.session.id)).status).toBe(404);

    actAs(f.owner);
    const other = await makeTemplate(f.scope, { name: `Other ${uid()}`, directives: "Other." });
    expect((await follow(slug, other.id, f.session.id)).status).toBe(404);
    const missing = await follow(slug, f.template.id, null);
    expect(missing.status).toBe(400);
    expect(await missing.json()).toMatchObject({ error: { fieldErrors: { sessionId: [expect.any(String)] } } });
    expect((await follow(slug, f.template.id, "x".repeat(300))).status).toBe(400);

    actAs(null);
    expect((await follow(slug, f.template.id, f.session.id)).status).toBe(401);
  });
});

describe("one-on-one: editing the newest message", () => {
  const note = (kind: string, content: string) => ({ tool: "record_evolution_note", input: { kind, content } });
  const propose = (directives: string) => ({ tool: "propose_directives", input: { directives, rationale: "Estimates were rejected.", confidence: 0.9 } });

  /** The person asks; the improver answers with a note and a proposal. */
  async function askedAndAnswered(f: Fixture) {
    const model = scriptedChatModel([{ text: "Try this. ", calls: [note("hypothesis", "Checklists fix estimates."), propose(`${BASE}\n- Estimate per step.`)] }, { text: "Approve it?" }]).model;
    await (await streamImproverReply({ workspaceId: f.workspace.id, templateId: f.template.id, sessionId: f.session.id, userId: f.owner.id, message: userText("Estimates keep getting rejected."), model })).text();
    await stored(f, 2);
    const [asked, answer] = await loadTranscript(f.workspace.id, f.session.id);
    return { asked: asked!, answer: answer! };
  }

  it("replaces the message's text, takes its answer back (proposal superseded, notes deleted) and answers the new text", async () => {
    const f = await fixture();
    const { asked, answer } = await askedAndAnswered(f);
    const [old] = await listProposals(f.workspace.id, f.session.id);

    actAs(f.owner);
    const again = scriptedChatModel([{ text: "Simple tickets need no estimate at all." }]);
    const res = await streamImproverReply({ workspaceId: f.workspace.id, templateId: f.template.id, sessionId: f.session.id, userId: f.owner.id, message: userText("Only simple tickets get bad estimates."), edits: asked.id, model: again.model });
    await res.text();
    await expect.poll(async () => (await loadTranscript(f.workspace.id, f.session.id)).at(-1)?.id).not.toBe(answer.id);

    const transcript = await loadTranscript(f.workspace.id, f.session.id);
    expect(transcript.map((m) => [m.id === asked.id ? "edited" : m.role, m.parts.find((p) => p.type === "text")])).toEqual([
      ["edited", { type: "text", text: "Only simple tickets get bad estimates." }],
      ["assistant", expect.objectContaining({ type: "text", text: "Simple tickets need no estimate at all." })],
    ]);
    // The model read the new text, never the old one nor the answer taken back.
    const prompt = JSON.stringify(again.prompts[0]);
    expect(prompt).toContain("Only simple tickets get bad estimates.");
    expect(prompt).not.toContain("Estimates keep getting rejected.");
    expect(prompt).not.toContain("Try this.");
    expect(await db.proposal.findUniqueOrThrow({ where: { id: old!.id } })).toMatchObject({ status: "superseded" });
    expect(await db.evolutionNote.count({ where: { sessionId: f.session.id } })).toBe(0);
  });

  it("refuses (nothing changed) an answer whose proposal was decided (409), an older message (409), someone else's message (403), another workspace's session (404) and bad input (400)", async () => {
    const f = await fixture();
    const slug = f.workspace.slug;
    const { asked, answer } = await askedAndAnswered(f);
    const ids = async () => (await loadTranscript(f.workspace.id, f.session.id)).map((m) => m.id);
    const edit = (messageId: string, userId = f.owner.id) =>
      streamImproverReply({ workspaceId: f.workspace.id, templateId: f.template.id, sessionId: f.session.id, userId, message: userText("Edited"), edits: messageId, model: scriptedChatModel([{ text: "x" }]).model });

    await expect(edit(asked.id, f.members.member!.id)).rejects.toMatchObject({ status: 403 });
    await expect(edit(answer.id)).rejects.toMatchObject({ status: 409, message: expect.stringMatching(/newest message/) });

    // Another workspace's member, through its own workspace, reaches nothing.
    const outsider = await makeWorkspace();
    const theirs = await makeTemplate(outsider.scope, { name: `Theirs ${uid()}`, directives: "Other." });
    actAs(outsider.owner);
    expect((await post(outsider.workspace.slug, theirs.id, { sessionId: f.session.id, message: userText("Edited"), edits: asked.id })).status).toBe(404);
    expect((await post(slug, f.template.id, { sessionId: f.session.id, message: userText("Edited"), edits: asked.id })).status).toBe(404);

    actAs(f.owner);
    const tooLong = await post(slug, f.template.id, { sessionId: f.session.id, message: userText("x".repeat(4_001)), edits: asked.id });
    expect(tooLong.status).toBe(400);
    expect(await tooLong.json()).toMatchObject({ error: { fieldErrors: { "message.parts.0.text": [expect.stringMatching(/^Use at most 4,000 characters/)] } } });
    expect((await post(slug, f.template.id, { sessionId: f.session.id, message: userText("Edited"), edits: asked.id, replaces: answer.id })).status).toBe(400);

    const [p] = await listProposals(f.workspace.id, f.session.id);
    await approveProposal({ scope: f.scope, proposalId: p!.id, rating: 0.8, finish: false });
    await expect(edit(asked.id)).rejects.toMatchObject({ status: 409, message: expect.stringMatching(/already decided/) });

    expect(await ids()).toEqual([asked.id, answer.id]);
    const kept = await db.evolutionMessage.findUniqueOrThrow({ where: { id: asked.id } });
    expect(kept.parts).toEqual([{ type: "text", text: "Estimates keep getting rejected." }]);
  });
});
