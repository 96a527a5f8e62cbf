import type { LanguageModelV3CallOptions, LanguageModelV3Content } from "@ai-sdk/provider";
import type { ModelRole } from "@/ai/models";
import { SECTION } from "@/ai/prompts/task-agent";
import { classifyPrompt } from "./classify";
import { evaluateOutput } from "./evaluate";
import { executeTask } from "./execute";
import { finalText } from "./final-text";
import { improveReply } from "./improve";
import { improverClosing } from "./improve-closing";
import { readPrompt, section, type PromptView } from "./prompt";
import { refineTask } from "./refine";
import { EMPTY_TASK, parseTask } from "./task";
import { truncateWords } from "./text";

export type Reply = { view: PromptView; content: LanguageModelV3Content[] };

/**
 * Decides the answer. Classifier and improver act by role; the three task-agent roles act by the
 * contract sections present, so a template that points its refine phase at "builtin-task" (say)
 * still gets a refine answer rather than a second draft.
 */
export function respond(role: ModelRole, options: LanguageModelV3CallOptions): Reply {
  const view = readPrompt(options);
  const text = (t: string): Reply => ({ view, content: [{ type: "text", text: t }] });
  const callPrefix = `builtin-${options.prompt.length}`;
  if (role === "improver") {
    // A chat turn: after the tools ran, the improver closes with what it did and what comes next.
    if (view.afterToolResults && !view.json) return text(improverClosing(view));
    return { view, content: improveReply(view, callPrefix) };
  }
  if (view.afterToolResults) return text(finalText(view));

  if (role === "classifier") return text(JSON.stringify(classifyPrompt(view.user)));

  const task = parseTask(view.user);
  if (section(view.user, SECTION.gates) !== null) return text(JSON.stringify(evaluateOutput(view.user, task ?? EMPTY_TASK)));
  if (task && section(view.user, SECTION.previous) !== null) return { view, content: refineTask(view, task, callPrefix) };
  if (task) return { view, content: executeTask(view, task, callPrefix) };

  // Free-form prompts (no contract sections): an honest, deterministic answer.
  const asked = truncateWords(view.user.trim().split("\n").at(-1) ?? "", 24);
  const reply = `I am the built-in offline model (${role}); I only follow the task-agent prompts. You asked: "${asked}". Set AI_PROVIDER for free-form answers.`;
  return text(view.json ? JSON.stringify({ text: reply }) : reply);
}
