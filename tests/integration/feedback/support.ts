import type { LanguageModelV3CallOptions } from "@ai-sdk/provider";
import { MockLanguageModelV3 } from "ai/test";
import { makeAgent, makeTemplate, makeWorkspace, uid } from "../../factories";

/** A template with `agentCount` agents (`Agent 0`…) and the feedback window of the template. */
export async function feedbackSetup(agentCount = 4) {
  const { workspace, scope } = await makeWorkspace();
  const template = await makeTemplate(scope, { name: `Feedback ${uid()}`, directives: "Help with tasks." });
  const agents = [];
  for (let i = 0; i < agentCount; i++) agents.push(await makeAgent(scope, template.id, { displayName: `Agent ${i}` }));
  return { scope, template, agents, window: { workspaceId: workspace.id, templateId: template.id } };
}

/** The numbered items of a classifier call, as the built-in model reads them. */
export function numberedItems(options: LanguageModelV3CallOptions): string[] {
  const user = options.prompt.flatMap((m) => (m.role === "user" ? m.content.flatMap((p) => (p.type === "text" ? [p.text] : [])) : [])).join("\n");
  return user.split("\n").flatMap((l) => {
    const m = /^(\d+)\. (?:\[[^\]]+\] )?(.*)$/.exec(l);
    return m ? [m[2]] : [];
  });
}

const usage = { inputTokens: { total: 100, noCache: 100, cacheRead: 0, cacheWrite: 0 }, outputTokens: { total: 20, text: 20, reasoning: 0 } };

/** A scripted classifier: `answer(items, call)` returns the JSON text it replies with; calls are recorded. */
export function scriptedClassifier(answer: (items: string[], call: number) => string) {
  const calls: string[][] = [];
  const model = new MockLanguageModelV3({
    doGenerate: async (options) => {
      const items = numberedItems(options);
      calls.push(items);
      return { content: [{ type: "text", text: answer(items, calls.length) }], finishReason: { unified: "stop", raw: "stop" }, usage, warnings: [] };
    },
  });
  return { model, calls };
}

/**
 * A scripted classifier that labels the texts it knows (`labels[text]`) and skips the others, which
 * stay waiting — as a model that cannot label a text does.
 */
export function labelByText(labels: Record<string, `${"positive" | "negative" | "neutral"}/${string}`>) {
  return scriptedClassifier((items) =>
    JSON.stringify({
      items: items.flatMap((text, i) => {
        const label = labels[text];
        if (!label) return [];
        const [sentiment, category] = label.split("/");
        return [{ index: i + 1, sentiment, category, confidence: 0.9 }];
      }),
    }),
  );
}
