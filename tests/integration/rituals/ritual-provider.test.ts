import { inspect } from "node:util";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createRegistry } from "@/ai/models";
import { RITUAL_ANALYSIS } from "@/ai/prompts/improver";
import { advanceRitual, beginRitual } from "@/features/rituals/server";
import { notifyRitual } from "@/features/rituals/server/notify-ritual";
import { ritualWakeRequested } from "@/inngest/events";
import { createImproverRitualFunction, RITUAL_RETRIES } from "@/inngest/functions/improver-ritual";
import { db } from "@/server/db";
import { reply, startFakeOpenAI, type ChatRequest, type FakeOpenAI } from "../../support/fake-openai";
import { drainUntilEnded, executorsForThisFile, testClock, testId } from "../jobs/harness";
import { classifier, ritualFixture, v2 } from "./jobs-fixture";

// The weekly ritual through a real provider (AI_PROVIDER=openai-compatible, the fake server in
// tests/support): the analysis and the proposal as tool calls over the wire, and a provider that
// refuses the key — which ends the ritual failed at once, with words an admin can act on.

const KEY = "sk-live-ritualkey-0123456789";
let server: FakeOpenAI;
beforeAll(async () => void (server = await startFakeOpenAI()));
afterAll(() => server.close());

const improverModel = (aiEnv: { AI_IDLE_TIMEOUT_SECONDS?: number } = {}) =>
  createRegistry({ AI_PROVIDER: "openai-compatible", AI_BASE_URL: server.url, AI_API_KEY: KEY, AI_MODEL: "fake-model", ...aiEnv }).getModel("improver");

/** The improver as a model would play it: a note in the analysis turn, a proposal in the proposal turn, a sentence after each tool result. */
function improverPlays() {
  server.reset();
  server.script((req: ChatRequest) => {
    const messages = req.body.messages as { role: string; content?: unknown }[];
    if (messages.at(-1)?.role === "tool") return reply.text("Done.");
    const asked = JSON.stringify(messages.filter((m) => m.role === "user").at(-1)?.content ?? "");
    return asked.includes(RITUAL_ANALYSIS.text.slice(0, 30))
      ? reply.toolCall("record_evolution_note", { kind: "hypothesis", content: "Estimates without a rationale get rejected." }, { text: "Three agents had estimates rejected. " })
      : reply.toolCall("propose_directives", { directives: v2, rationale: "Three agents had estimates rejected.", confidence: 0.9 });
  });
}

describe("the weekly ritual through an OpenAI-compatible provider", () => {
  it("analyses and proposes over the wire: a hypothesis note, a pending proposal, the session awaiting review", async () => {
    const f = await ritualFixture();
    improverPlays();
    const begun = await beginRitual({ workspaceId: f.workspace.id, improverAgentId: f.improver.id, now: new Date() });
    const result = await advanceRitual(begun.sessionId!, { improver: improverModel(), classifier, notify: async () => undefined });
    expect(result).toEqual({ status: "awaiting_review" });
    expect(await db.proposal.findMany({ where: { sessionId: begun.sessionId! } })).toMatchObject([{ status: "pending", directives: v2, confidence: 0.9 }]);
    expect(await db.evolutionNote.findMany({ where: { sessionId: begun.sessionId! } })).toMatchObject([{ kind: "hypothesis" }]);
    expect(server.chatRequests().every((r) => (r.body as { max_tokens?: number }).max_tokens === 6000)).toBe(true);
  });

  const newExecutor = executorsForThisFile();

  it("a refused key fails the ritual at once — one request, no retries — with the provider named and no key or host in what people read", async () => {
    const f = await ritualFixture();
    server.reset();
    server.script(() => reply.unauthorized());
    const clock = testClock(Date.now());
    const id = testId("improver-ritual");
    const fn = createImproverRitualFunction({ models: { improver: improverModel(), classifier }, notify: notifyRitual, now: clock.now, id });
    const executor = await newExecutor({ functions: [fn], now: clock.now, work: false });
    // Whatever the job engine and the app log while it fails: never the key the provider echoed.
    const logged: string[] = [];
    const spies = (["log", "info", "warn", "error"] as const).map((level) => vi.spyOn(console, level).mockImplementation((...args: unknown[]) => void logged.push(args.map((a) => (typeof a === "string" ? a : inspect(a, { depth: 12 }))).join(" "))));
    await executor.dispatch([{ name: ritualWakeRequested.name, data: { workspaceId: f.workspace.id, improverAgentId: f.improver.id, reason: "manual" } }]);
    await executor.drain();
    for (const spy of spies) spy.mockRestore();
    expect(logged.join("\n")).not.toContain(KEY);

    expect(await db.functionRun.findFirstOrThrow({ where: { functionId: id } })).toMatchObject({ status: "completed" });
    const session = await db.evolutionSession.findFirstOrThrow({ where: { templateId: f.template.id, origin: "ritual" } });
    expect(session).toMatchObject({ status: "failed", outcomeNote: expect.stringMatching(/^Your OpenAI-compatible server refused the credentials \(HTTP 401\): an admin should check the API key/) });
    expect(server.chatRequests()).toHaveLength(1);
    const notices = await db.notification.findMany({ where: { workspaceId: f.workspace.id, kind: "ritual_failed" } });
    expect(notices.length).toBeGreaterThan(0);
    const emails = await db.emailMessage.findMany({ where: { to: { in: f.notified } } });
    for (const text of [session.outcomeNote!, ...notices.flatMap((n) => [n.title, n.body ?? ""]), ...emails.flatMap((e) => [e.subject, e.text, e.html ?? ""])]) {
      expect(text).not.toContain(KEY);
      expect(text).not.toContain("127.0.0.1");
    }
  });

  it("a provider that stops answering mid-answer: each attempt is given up after the idle time, the step's retries apply, then the ritual ends failed with 'The model stopped answering'", async () => {
    const f = await ritualFixture();
    server.reset();
    server.script(() => reply.broken(reply.toolCall("record_evolution_note", { kind: "hypothesis", content: "Estimates without a rationale get rejected." }), "stall"));
    const clock = testClock(Date.now());
    const id = testId("improver-ritual");
    const fn = createImproverRitualFunction({ models: { improver: improverModel({ AI_IDLE_TIMEOUT_SECONDS: 0.2 }), classifier }, notify: notifyRitual, now: clock.now, id });
    const executor = await newExecutor({ functions: [fn], now: clock.now, work: false });
    await executor.dispatch([{ name: ritualWakeRequested.name, data: { workspaceId: f.workspace.id, improverAgentId: f.improver.id, reason: "manual" } }]);
    // Each retry of the step waits its backoff: move the clock past it until the run ends.
    expect(await drainUntilEnded(executor, clock, id)).toBe("completed");
    const session = await db.evolutionSession.findFirstOrThrow({ where: { templateId: f.template.id, origin: "ritual" } });
    expect(session).toMatchObject({ status: "failed", outcomeNote: expect.stringMatching(/^The model stopped answering \(nothing arrived for 0\.2 s; 3 attempts\)\.$/) });
    // 3 model attempts per step attempt, the step tried 1 + RITUAL_RETRIES times; every request aborted.
    expect(server.chatRequests()).toHaveLength(3 * (1 + RITUAL_RETRIES));
    await expect.poll(() => server.chatRequests().every((r) => r.aborted)).toBe(true);
    expect(await db.notification.count({ where: { workspaceId: f.workspace.id, kind: "ritual_failed" } })).toBeGreaterThan(0);
  }, 90_000);
});
