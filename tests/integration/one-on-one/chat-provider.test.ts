import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { LanguageModel } from "ai";
import { createRegistry } from "@/ai/models";
import { withSettledStreams } from "@/ai/stream-guard";
import { startSession } from "@/features/one-on-one/server";
import { loadTranscript, stopImproverReply, streamImproverReply } from "@/features/one-on-one/server/chat";
import { db } from "@/server/db";
import { makeRejectedEstimates, makeTemplate, makeWorkspace, uid } from "../../factories";
import { reply, startFakeOpenAI, type FakeOpenAI } from "../../support/fake-openai";

// The one-on-one chat through a real provider (AI_PROVIDER=openai-compatible against the fake
// server in tests/support): streamed text and tool calls over SSE, and the ways a provider breaks
// a turn. Whatever happens, what is stored is consistent — a proposal is written only with the
// answer that shows it, no step is left "in progress", and no secret reaches the person.

const KEY = "sk-live-abcdefghijklmnop1234";
let server: FakeOpenAI;
beforeAll(async () => void (server = await startFakeOpenAI()));
afterAll(() => server.close());

const BASE = "You triage support tickets.\n- Classify the product area.";
const V2 = `${BASE}\n- Give every estimate a one-line rationale.`;
const PROPOSAL = { directives: V2, rationale: "Three agents had estimates rejected without a rationale.", confidence: 0.9 };

async function setup() {
  server.reset();
  const { workspace, owner, scope } = await makeWorkspace();
  const template = await makeTemplate(scope, { name: `Provider chat ${uid()}`, directives: BASE });
  await makeRejectedEstimates(scope, template.id);
  const { session } = await startSession({ scope, templateId: template.id });
  const model = createRegistry({ AI_PROVIDER: "openai-compatible", AI_BASE_URL: server.url, AI_API_KEY: KEY, AI_MODEL: "fake-model" }).getModel("improver");
  /** One turn; returns the UI stream's text once the answer (if any) is stored. */
  const say = (text: string) => sayWith(model, text);
  const sayWith = async (model: LanguageModel, text: string) => {
    const before = await db.evolutionMessage.count({ where: { sessionId: session.id } });
    const res = await streamImproverReply({ workspaceId: workspace.id, templateId: template.id, sessionId: session.id, userId: owner.id, message: { role: "user", parts: [{ type: "text", text }] }, model });
    const body = await res.text();
    // The answer is stored by the stream's onFinish, just after the body ends.
    for (let i = 0; i < 50 && (await db.evolutionMessage.count({ where: { sessionId: session.id } })) < before + 2; i++) await new Promise((r) => setTimeout(r, 20));
    return body;
  };
  const start = (text: string) =>
    streamImproverReply({ workspaceId: workspace.id, templateId: template.id, sessionId: session.id, userId: owner.id, message: { role: "user", parts: [{ type: "text", text }] }, model });
  const stop = () => stopImproverReply({ workspaceId: workspace.id, templateId: template.id, sessionId: session.id });
  return { session, model, say, sayWith, start, stop, workspaceId: workspace.id, transcript: () => loadTranscript(workspace.id, session.id), proposals: () => db.proposal.findMany({ where: { sessionId: session.id } }) };
}

/** The improver proposes with a tool call, then closes with a sentence (the second step sees the tool result). */
const proposeThenClose = (first: ReturnType<typeof reply.toolCall>) => {
  server.enqueue(first);
  server.script(() => reply.text("Approve it with a rating, or tell me what to change."));
};

describe("the one-on-one through an OpenAI-compatible provider", () => {
  it("streams text and a proposal over SSE: the proposal is recorded, the answer stored with its card, the request carries the tools", async () => {
    const s = await setup();
    proposeThenClose(reply.toolCall("propose_directives", PROPOSAL, { text: "Estimates lack a rationale. ", argumentChars: 12 }));
    const body = await s.say("What would you change?");
    expect(body).toContain("tool-output-available");
    expect(await s.proposals()).toMatchObject([{ status: "pending", directives: V2, confidence: 0.9 }]);
    const answer = (await s.transcript()).at(-1)!;
    expect(answer.parts.map((p) => p.type)).toEqual(expect.arrayContaining(["text", "tool-propose_directives"]));
    const first = server.chatRequests()[0]!.body as { stream?: boolean; tools?: { function: { name: string } }[]; max_tokens?: number };
    expect(first.stream).toBe(true);
    expect(first.tools?.map((t) => t.function.name)).toEqual(expect.arrayContaining(["propose_directives", "record_evolution_note"]));
    expect(first.max_tokens).toBeGreaterThan(0);
  });

  it.each([
    ["a malformed SSE line", "malformed"],
    ["a connection reset", "reset"],
    ["an error event", "error-event"],
  ] as const)("%s in the middle of a proposal: the person is told, no proposal is written, the stored answer keeps only whole steps and says it was cut off", async (_name, fault) => {
    const s = await setup();
    proposeThenClose(reply.broken(reply.toolCall("propose_directives", PROPOSAL, { text: "Here is my proposal. ", argumentChars: 8 }), fault));
    const body = await s.say("What would you change?");
    expect(body).toMatch(/"type":"error","errorText":"The improver could not answer/);
    const stored = await db.evolutionMessage.findMany({ where: { sessionId: s.session.id, role: "assistant" } });
    expect(JSON.stringify(stored.map((m) => m.parts))).not.toMatch(/input-streaming|input-available/);
    const transcript = await s.transcript();
    const tools = transcript.flatMap((m) => m.parts).filter((p) => p.type === "tool-propose_directives") as { state: string }[];
    const proposals = await s.proposals();
    // Either the proposal completed and ran, and the stored answer shows it, or the answer keeps no part of it.
    if (proposals.length) expect(tools.map((t) => t.state)).toContain("output-available");
    else expect(tools).toEqual([]);
    // What was kept is whole (no empty text, no tool call that did not run), and the answer says it was cut off.
    const parts = stored.flatMap((m) => m.parts as { type: string; state?: string; text?: string }[]);
    expect(parts.filter((p) => p.type.startsWith("tool-") && p.state !== "output-available")).toEqual([]);
    expect(parts.filter((p) => p.type === "text" && !p.text?.trim())).toEqual([]);
    expect(stored.at(-1)?.metadata).toMatchObject({ cutOff: true });
  });

  it("a refused key: the person reads which provider refused and what to fix, never the key; the message stays for Try again", async () => {
    const s = await setup();
    server.script(() => reply.unauthorized());
    const body = await s.say("What would you change?");
    expect(body).toContain("The improver could not answer: Your OpenAI-compatible server refused the credentials (HTTP 401): an admin should check the API key");
    expect(body).not.toContain(KEY);
    expect(body).not.toContain("127.0.0.1");
    expect((await s.transcript()).map((m) => m.role)).toEqual(["user"]);
    // Tried once: a 401 is not retried.
    expect(server.chatRequests()).toHaveLength(1);

    server.reset();
    proposeThenClose(reply.toolCall("propose_directives", PROPOSAL));
    await s.say("What would you change?");
    expect((await s.transcript()).map((m) => m.role)).toEqual(["user", "assistant"]);
    expect(await s.proposals()).toHaveLength(1);
  });

  it("a runaway answer is cut at the improver's output limit, which the request names", async () => {
    const s = await setup();
    server.script(() => reply.huge(30_000, { finishReason: "length" }));
    await s.say("Tell me everything.");
    const sent = server.chatRequests()[0]!.body as { max_tokens?: number };
    expect(sent.max_tokens).toBe(6000);
  });

  it("a model that stops sending in the middle of an answer: given up after the idle time, the person told plainly, what arrived stored and marked cut off, the request aborted", async () => {
    const s = await setup();
    server.script(() => reply.broken(reply.text("The estimates were rejected because they had no rationale, and the fix is"), "stall"));
    // The improver's own guard waits MODEL_IDLE_TIMEOUT_MS; a tighter one inside it keeps the test short.
    const body = await s.sayWith(withSettledStreams(s.model, { idleMs: 300 }), "Why were estimates rejected?");
    expect(body).toContain("The improver could not answer: The model stopped answering");
    await expect.poll(async () => (await s.transcript()).length).toBe(2);
    const answer = (await s.transcript()).at(-1)!;
    expect(answer).toMatchObject({ role: "assistant", metadata: { cutOff: true } });
    expect(JSON.stringify(answer.parts)).toContain("The estimates were rejected");
    expect(server.requests.at(-1)!.aborted).toBe(true);
  });

  it("Stop cuts the answer being written — the model call is aborted — and stores what was written, marked stopped", async () => {
    const s = await setup();
    // Half an answer, then silence: a model that would keep the turn open until its time limit.
    server.script(() => reply.broken(reply.text("The estimates were rejected because they had no rationale, and the fix is"), "stall"));
    const res = await s.start("Why were estimates rejected?");
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    let seen = "";
    while (!seen.includes("text-delta")) seen += decoder.decode((await reader.read()).value);
    expect(await s.stop()).toEqual({ stopped: true });
    for (let r = await reader.read(); !r.done; r = await reader.read()) seen += decoder.decode(r.value);

    await expect.poll(async () => (await s.transcript()).length).toBe(2);
    const answer = (await s.transcript()).at(-1)!;
    expect(answer).toMatchObject({ role: "assistant", metadata: { stopped: true } });
    expect(JSON.stringify(answer.parts)).toContain("The estimates were rejected");
    expect(server.requests.at(-1)!.aborted).toBe(true);
    // Nothing is being written any more; a session elsewhere is out of reach.
    expect(await s.stop()).toEqual({ stopped: false });
    await expect(stopImproverReply({ workspaceId: s.workspaceId, templateId: "c00000000000000000000000", sessionId: s.session.id })).rejects.toMatchObject({ status: 404 });
  });
});
