import type { LanguageModelV3CallOptions, LanguageModelV3Content } from "@ai-sdk/provider";
import { EMPTY_POLICY, readDirectives } from "@/ai/directives/policy";
import type { ModelRole } from "@/ai/models";
import { ClassifyPromptData } from "@/ai/prompts/classify-feedback";
import { ImproverPromptData } from "@/ai/prompts/improver";
import { JudgePromptData } from "@/ai/prompts/judge-change";
import { TaskPromptData } from "@/ai/prompts/task-agent";
import { classifyItems } from "./classify";
import { evaluateOutput } from "./evaluate";
import { executeTask } from "./execute";
import { finalText } from "./final-text";
import { improveReply } from "./improve";
import { improverClosing } from "./improve-closing";
import { improverInput } from "./improve-context";
import { judgeChange } from "./judge";
import { builtinData } from "./options";
import { readPrompt, type PromptView } from "./prompt";
import { refineTask } from "./refine";
import { taskFacts } from "./task";
import { truncateWords } from "./text";

/** `invalidData`: the call passed data that is not its role's prompt data, so it was ignored. */
export type Reply = { view: PromptView; content: LanguageModelV3Content[]; invalidData?: boolean };

/**
 * Decides the answer from the data the prompt was built from (options.ts). Classifier and improver
 * act by role; the three task-agent roles act by the phase the data names, so a template that
 * points its refine phase at "builtin-task" (say) still gets a refine answer rather than a second
 * draft. Without data it still answers, never throws.
 */
export function respond(role: ModelRole, options: LanguageModelV3CallOptions): Reply {
  const view = readPrompt(options);
  const data = builtinData(options);
  const callPrefix = `builtin-${options.prompt.length}`;
  const reply = (content: LanguageModelV3Content[], parsed: { success: boolean }): Reply => ({
    view,
    content,
    ...(data !== undefined && !parsed.success ? { invalidData: true } : {}),
  });

  if (role === "improver") {
    const parsed = ImproverPromptData.safeParse(data);
    const input = improverInput(parsed.data);
    // A chat turn: after the tools ran, the improver closes with what it did and what comes next.
    if (view.afterToolResults && !view.json) return reply(asText(improverClosing(view, input.context)), parsed);
    return reply(improveReply(view, input, callPrefix), parsed);
  }
  if (role === "classifier") {
    const parsed = ClassifyPromptData.safeParse(data);
    return reply(asText(JSON.stringify(classifyItems(parsed.data ?? { items: [] }))), parsed);
  }

  // A replay check's question to the evaluator: does a changed proposal address a rejection's reason?
  const judge = JudgePromptData.safeParse(data);
  if (judge.success) return reply(asText(JSON.stringify(judgeChange(judge.data))), judge);

  const parsed = TaskPromptData.safeParse(data);
  const phase = parsed.data;
  if (view.afterToolResults) return reply(asText(finalText(view, phase?.phase === "refine")), parsed);
  // The directives are read once here; every rule below gets the policy (empty: today's behaviour).
  const policy = phase ? readDirectives(phase.directives) : EMPTY_POLICY;
  if (phase?.phase === "evaluate") return reply(asText(JSON.stringify(evaluateOutput(taskFacts(phase), phase.gates, phase.output, policy))), parsed);
  if (phase?.phase === "refine") return reply(refineTask(view, taskFacts(phase), policy, phase, callPrefix), parsed);
  if (phase?.phase === "execute") return reply(executeTask(view, taskFacts(phase), policy, callPrefix), parsed);

  // A call without the prompt data: an honest, deterministic answer.
  const asked = truncateWords(view.user.trim().split("\n").at(-1) ?? "", 24);
  const said = `I am the built-in offline model (${role}); I only follow the task-agent prompts. You asked: "${asked}". Set AI_PROVIDER for free-form answers.`;
  return reply(asText(view.json ? JSON.stringify({ text: said }) : said), parsed);
}

const asText = (text: string): LanguageModelV3Content[] => [{ type: "text", text }];
