import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createRegistry } from "@/ai/models";
import { RITUAL_ANALYSIS } from "@/ai/prompts/improver";
import { runLab } from "@/lab/run-lab";
import { LAB_DIRECTIVES, LAB_GATES } from "@/lab/template";
import { reply, startFakeOpenAI, type ChatRequest, type FakeOpenAI } from "../../support/fake-openai";

// `npm run lab -- --provider`: every role played by a configured provider (AI_PROVIDER=
// openai-compatible, the fake server in tests/support) through the product's real provider code —
// the task agent's tool calls, the evaluator's scores and judgements, the classifier, the improver's
// ritual. The fake plays a model that follows "at most 3 items" when its directives say it.

const KEY = "sk-lab-provider-0123456789";
const LEARNT = `${LAB_DIRECTIVES}\n- Keep checklists to at most 3 items.`;
const STEPS = ["Reproduce the problem on a test account", "Check the logs for the error", "Write the fix", "Review the fix", "Deploy the fix", "Tell the customer"];

let server: FakeOpenAI;
beforeAll(async () => void (server = await startFakeOpenAI()));
afterAll(() => server.close());

type Message = { role: string; content?: unknown };
const text = (m: Message | undefined) => JSON.stringify(m?.content ?? "");
type Req = Pick<ChatRequest, "body">;
const toolNames = (req: Req) => ((req.body.tools ?? []) as { function?: { name?: string } }[]).map((t) => t.function?.name);
const schemaKeys = (req: Req) => {
  const format = req.body.response_format as { type?: string; json_schema?: { schema?: { properties?: object } } } | undefined;
  return Object.keys(format?.json_schema?.schema?.properties ?? {});
};

function modelPlays(req: ChatRequest) {
  const messages = req.body.messages as Message[];
  if (messages.at(-1)?.role === "tool") return reply.text("Done.");
  const tools = toolNames(req);
  if (tools.includes("propose_checklist_items")) {
    const short = /at most 3 items/.test(text(messages.find((m) => m.role === "system")));
    return reply.toolCalls([
      { name: "propose_checklist_items", args: { items: short ? STEPS.slice(0, 3) : STEPS } },
      { name: "propose_estimate", args: { minutes: 60, rationale: "about four steps of work" } },
      { name: "write_report", args: { markdown: "Routed to engineering, P2. The export fails for large accounts." } },
    ]);
  }
  if (tools.includes("propose_directives")) {
    return text(messages.filter((m) => m.role === "user").at(-1)).includes(RITUAL_ANALYSIS.text.slice(0, 30))
      ? reply.toolCall("record_evolution_note", { kind: "hypothesis", content: "Long checklists get rejected." })
      : JSON.stringify(messages).includes("at most 3 items")
        ? reply.toolCall("propose_directives", { directives: `${LEARNT}\n- Explain every estimate in one line.`, rationale: "Estimates were questioned.", confidence: 0.7 })
        : reply.toolCall("propose_directives", { directives: LEARNT, rationale: "Reviewers rejected checklists over four items.", confidence: 0.9 });
  }
  const keys = schemaKeys(req);
  if (keys.includes("gates")) return reply.json({ gates: LAB_GATES.map((g) => ({ name: g.name, value: 0.95, feedback: "Meets the bar." })) });
  if (keys.includes("addresses")) return reply.json({ addresses: true, why: "Three steps instead of six." });
  if (keys.includes("items")) {
    // The classifier: every numbered item, as a complaint about the work.
    const numbered = [...text(messages.filter((m) => m.role === "user").at(-1)).matchAll(/(?:^|\\n)(\d+)\. /g)].map((m) => Number(m[1]));
    return reply.json({ items: numbered.map((index) => ({ index, sentiment: "negative", category: "general", confidence: 0.8 })) });
  }
  return reply.auto();
}

describe("the lab with a configured provider", () => {
  it("runs every role over the wire and measures what the provider's improver learnt", async () => {
    server.reset();
    server.script(modelPlays);
    const registry = createRegistry({ AI_PROVIDER: "openai-compatible", AI_BASE_URL: server.url, AI_API_KEY: KEY, AI_MODEL: "fake-model", AI_STRUCTURED_OUTPUTS: true });

    const result = await runLab({ weeks: 2, seed: 2, personas: "lab/personas/support-team.json", tasksPerWeek: 6, provider: true, registry });

    expect(result.models).toBe("provider");
    // Both rituals proposed (the owner decides on the second one or leaves it).
    expect(result.weeks.map((w) => w.ritual?.proposals)).toEqual([1, 1]);
    expect(result.weeks.map((w) => [w.week, w.version, w.tasks, w.failedRuns])).toEqual([
      [1, 1, 6, 0],
      [2, 2, 6, 0],
    ]);
    // The provider's proposal was replayed (its model judging the changed checklists) and approved.
    const v2 = result.versions.find((v) => v.version === 2)!;
    expect(v2).toMatchObject({ status: "approved", directives: LEARNT, replay: { status: "done", runs: 6 } });
    expect(v2.replay).toMatchObject({ changed: expect.any(Number), addressed: expect.any(Number) });
    // Six-step checklists were rejected in week 1; three-step ones are not rejected for their length.
    expect(result.weeks[0]!.rejectionsByCategory["checklist too long"]).toBeGreaterThan(0);
    expect(result.weeks[1]!.rejectionsByCategory["checklist too long"] ?? 0).toBe(0);

    const requests = server.chatRequests();
    expect(requests.every((r) => r.headers.authorization === `Bearer ${KEY}`)).toBe(true);
    const roles = new Set(requests.map((r) => (toolNames(r).includes("propose_checklist_items") ? "task" : toolNames(r).includes("propose_directives") ? "improver" : schemaKeys(r).join(","))));
    expect([...roles]).toEqual(expect.arrayContaining(["task", "improver", expect.stringContaining("gates"), expect.stringContaining("addresses"), expect.stringContaining("items")]));
  }, 120_000); // whole simulated weeks: 10–37 s on a loaded 2-core machine
});
