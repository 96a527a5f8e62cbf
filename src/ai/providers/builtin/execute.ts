import type { LanguageModelV3Content } from "@ai-sdk/provider";
import type { DirectivePolicy } from "@/ai/directives/policy";
import { planTask, toWakeOutput } from "./plan";
import type { PromptView } from "./prompt";
import { DRAFT } from "./report";
import type { TaskFacts } from "./task";
import { toolCallContent } from "./tool-calls";

/**
 * Execute phase. The first output is a draft on purpose (at most 3 checklist items, no Risks
 * section, no reasoning behind the estimate): the evaluator then scores it below the usual 0.9
 * bar and the refine phase has something real to fix, which is what the offline demo shows.
 * What the directives' clauses ask for is honoured even in the draft.
 */
export function executeTask(view: PromptView, task: TaskFacts, policy: DirectivePolicy, callPrefix: string): LanguageModelV3Content[] {
  const plan = planTask(task, DRAFT, policy);
  const calls = toolCallContent(plan, view.tools, callPrefix);
  if (calls.length) return calls;
  // No tools offered: answer with the same content as JSON or as the report.
  return [{ type: "text", text: view.json ? JSON.stringify(toWakeOutput(plan)) : plan.report.markdown }];
}
