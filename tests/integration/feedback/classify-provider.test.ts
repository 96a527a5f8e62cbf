import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createRegistry } from "@/ai/models";
import { recordObservation } from "@/features/agents/server/record-message";
import { classifyPendingFeedback } from "@/features/feedback/server/classify-pending";
import { db } from "@/server/db";
import { reply, startFakeOpenAI, type FakeOpenAI } from "../../support/fake-openai";
import { feedbackSetup } from "./support";

// Written feedback through a real provider: the product's registry (AI_PROVIDER=openai-compatible)
// against the fake OpenAI-compatible server. Good answers are stored; sloppy ones are read when
// they can be; every failure leaves the texts waiting with a plain reason, never a made-up label.

let server: FakeOpenAI;
beforeAll(async () => void (server = await startFakeOpenAI()));
afterAll(() => server.close());

const classifier = () => createRegistry({ AI_PROVIDER: "openai-compatible", AI_BASE_URL: server.url, AI_API_KEY: "sk-test", AI_MODEL: "fake-model" }).getModel("classifier");
const labels = (n: number) => ({ items: Array.from({ length: n }, (_, i) => ({ index: i + 1, sentiment: "positive", category: "communication", confidence: 0.8 })) });

async function twoNotes() {
  const f = await feedbackSetup(1);
  for (const text of ["Sam sent my reply as drafted.", "The customer thanked us."]) await recordObservation({ scope: f.scope, agentId: f.agents[0].id, text });
  return f;
}
const waiting = (templateId: string) => db.pendingFeedback.findMany({ where: { templateId }, orderBy: { text: "asc" } });

describe("written feedback through an OpenAI-compatible provider", () => {
  it("sends the guide, the tagged lines and the JSON it expects; stores the labels", async () => {
    const { window } = await twoNotes();
    server.reset();
    server.enqueue(reply.json(labels(2)));
    const result = await classifyPendingFeedback({ workspaceId: window.workspaceId, model: classifier() });
    expect(result).toMatchObject({ modelCalls: 1, classified: { positive: 2 }, pending: 0, failure: null });
    const [request] = server.chatRequests();
    const [system, user] = request.body.messages as { role: string; content: string }[];
    expect(system.content).toMatch(/Answer with JSON only/);
    expect(user.content).toContain("1. [agent's note] Sam sent my reply as drafted.");
    expect(request.headers.authorization).toBe("Bearer sk-test");
    expect(request.body).toMatchObject({ max_tokens: 2_500, temperature: 0 }); // a runaway answer is capped
    expect(await db.feedbackItem.count({ where: { templateId: window.templateId, classifiedBy: "model" } })).toBe(2);
  });

  it("reads JSON in a fence or between prose, as a weak local model writes it", async () => {
    const { window } = await twoNotes();
    server.reset();
    server.enqueue(reply.sloppy.fenced(labels(1)));
    await classifyPendingFeedback({ workspaceId: window.workspaceId, model: classifier(), batchSize: 1 });
    // The second text's answer comes next: JSON between prose.
    server.enqueue(reply.sloppy.withProse(labels(1)));
    const second = await classifyPendingFeedback({ workspaceId: window.workspaceId, model: classifier() });
    expect(second).toMatchObject({ modelCalls: 1, pending: 0 });
    expect(await db.feedbackItem.count({ where: { templateId: window.templateId } })).toBe(2);
  });

  it.each([
    ["an answer of another shape", () => reply.sloppy.wrongShape(), "The classifier's answer had no valid label for this text."],
    ["an empty answer", () => reply.sloppy.empty(), "The classifier's answer had no valid label for this text."],
    ["a server error", () => reply.error(500), "The classifier model failed: Your OpenAI-compatible server had a server error (HTTP 500)."],
    ["an HTML page with HTTP 200", () => reply.html(200), "The classifier model failed: Your OpenAI-compatible server answered with something that is not a model response (HTTP 200)."],
    ["a refused key", () => reply.unauthorized(), "The classifier model failed: Your OpenAI-compatible server refused the credentials (HTTP 401): an admin should check the API key (AI_API_KEY or the provider's key variable)."],
  ])("%s leaves the texts waiting with the reason, and stores nothing", async (_name, answer, reason) => {
    const { window } = await twoNotes();
    server.reset();
    server.script(answer);
    const result = await classifyPendingFeedback({ workspaceId: window.workspaceId, model: classifier(), retry: { retries: 0 } });
    expect(result).toMatchObject({ pending: 2, failedItems: 2, classified: { total: 0 } });
    expect(await db.feedbackItem.count({ where: { templateId: window.templateId } })).toBe(0);
    expect((await waiting(window.templateId)).map((w) => [w.attempts, w.lastError])).toEqual([[1, reason], [1, reason]]);
    expect(reason).not.toMatch(/127\.0\.0\.1|sk-test/);
  });
});
