import type { LanguageModelV3Content } from "@ai-sdk/provider";
import type { DirectivePolicy } from "@/ai/directives/policy";
import type { WakeOutput } from "@/ai/prompts/task-agent";
import { TRANSLATED_HEADINGS } from "./phrases";
import { planTask, toWakeOutput } from "./plan";
import type { PromptView } from "./prompt";
import { DRAFT, FULL, type Polish } from "./report";
import type { TaskFacts } from "./task";
import { similar, TICKET_KEY } from "./text";
import { toolCallContent } from "./tool-calls";

// Refine phase: rebuild the complete output from the task, keeping what the previous output had
// and adding what each feedback line asks for. Feedback it cannot map (another evaluator's words)
// means "make it complete", so any feedback still raises the score.

const FIXES = {
  checklist: /checklist|\bitems?\b|verb|specific|concrete|vague|coverage|steps to/i,
  risks: /risk|could (?:delay|go wrong)|mitigat|uncertain/i,
  estimate: /estimat|rationale|reasoning|how long|effort/i,
  plainWords: /jargon|ticket key|code name|plain words|audience/i,
  triage: /where the task goes|a priority|routing|queue/i,
} as const;
type Fix = keyof typeof FIXES;

const PASSING = /^(?:-\s*)?(?:[^:\n]*:\s*)?(?:meets the bar\.?|all gates pass\.?)?$/i;

export function requestedFixes(feedback: string): Set<Fix> {
  const lines = feedback.split("\n").map((l) => l.trim()).filter((l) => l && !PASSING.test(l));
  if (lines.length === 0) return new Set();
  const fixes = new Set((Object.keys(FIXES) as Fix[]).filter((f) => lines.some((l) => FIXES[f].test(l))));
  return fixes.size ? fixes : new Set(Object.keys(FIXES) as Fix[]);
}

function previousPolish(previous: WakeOutput): Polish {
  const md = previous.report?.markdown ?? "";
  const items = previous.proposals.find((p) => p.tool === "propose_checklist_items");
  return {
    checklist: items && items.args.items.length > 3 ? "full" : DRAFT.checklist,
    risks: new RegExp(`^#{1,6}\\s*(?:risks?|${TRANSLATED_HEADINGS.risks})\\b`, "im").test(md),
    estimateRationale: new RegExp(`^#{1,6}\\s*(?:estimate|${TRANSLATED_HEADINGS.estimate})\\b`, "im").test(md),
    plainWords: md !== "" && !TICKET_KEY.test(md),
    triage: /\bPriority P[1-4]; route it to\b/.test(md),
  };
}

export function refineTask(
  view: PromptView,
  task: TaskFacts,
  policy: DirectivePolicy,
  { previous, feedback }: { previous: WakeOutput; feedback: string },
  callPrefix: string,
): LanguageModelV3Content[] {
  const fixes = requestedFixes(feedback.trim());
  const before = previousPolish(previous);
  const polish: Polish = {
    checklist: fixes.has("checklist") ? FULL.checklist : before.checklist,
    risks: before.risks || fixes.has("risks"),
    estimateRationale: before.estimateRationale || fixes.has("estimate"),
    plainWords: before.plainWords || fixes.has("plainWords"),
    triage: before.triage || fixes.has("triage"),
  };
  const keptItems = previous.proposals.find((p) => p.tool === "propose_checklist_items");
  const plan = planTask(task, polish, policy, fixes.has("checklist") || !keptItems ? undefined : { checklistItems: keptItems.args.items });
  // The refined output replaces the previous one: carry over its observations too.
  for (const o of previous.observations) if (!plan.observations.some((p) => similar(p, o))) plan.observations.push(o);

  const calls = toolCallContent(plan, view.tools, callPrefix);
  if (calls.length) return calls;
  return [{ type: "text", text: view.json ? JSON.stringify(toWakeOutput(plan)) : plan.report.markdown }];
}
