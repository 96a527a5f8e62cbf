import type { LanguageModelV3CallOptions } from "@ai-sdk/provider";
import { MockLanguageModelV3 } from "ai/test";
import { createAgent } from "@/features/agents/server/create-agent";
import { createChangeSet } from "@/features/decisions/server/create-change-set";
import { decideChangeItems } from "@/features/decisions/server/decide-change-items";
import { createTemplateWithImprover } from "@/features/rituals/server";
import type { Scope } from "@/server/scope";
import { createWorkspace, uid } from "../../factories";

export async function feedbackSetup(agentCount = 4) {
  const { workspace, owner } = await createWorkspace();
  const scope: Scope = { workspaceId: workspace.id, actorUserId: owner.id };
  const template = await createTemplateWithImprover({ scope, name: `Feedback ${uid()}`, directives: "Help with tasks." });
  const agents = [];
  for (let i = 0; i < agentCount; i++) agents.push(await createAgent({ scope, templateId: template.id, displayName: `Agent ${i}` }));
  return { scope, template, agents, window: { workspaceId: workspace.id, templateId: template.id } };
}

export async function decide(scope: Scope, agentId: string, tool: string, verdict: "confirmed" | "rejected" | "deferred", reason?: string) {
  const set = await createChangeSet({ scope, agentId, items: [{ tool, args: {}, summary: `${tool} proposal` }] });
  await decideChangeItems({ scope, itemIds: [set.items[0].id], verdict, reason });
  return set.items[0].id;
}

/** The numbered items of a classifier call, as the built-in model reads them. */
export function numberedItems(options: LanguageModelV3CallOptions): string[] {
  const user = options.prompt.flatMap((m) => (m.role === "user" ? m.content.flatMap((p) => (p.type === "text" ? [p.text] : [])) : [])).join("\n");
  return user.split("\n").flatMap((l) => {
    const m = /^(\d+)\. (.*)$/.exec(l);
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
