import { z } from "zod";
import { TaskStatus } from "@/generated/prisma/enums";
import { builtinContext } from "../providers/builtin/options";

// The task agent's prompts and the shapes passed between self-refine phases. Each prompt also
// carries the data it was written from (`TaskPromptData`, as providerOptions): the built-in model
// (src/ai/providers/builtin) reads that, so the wording and headings below are free to change.

const SECTION = {
  task: "## Task",
  state: "## Agent state",
  observations: "## Your recent observations",
  previous: "## Previous output (JSON)",
  feedback: "## Evaluator feedback",
  gates: "## Quality gates (JSON)",
  output: "## Output to evaluate (JSON)",
} as const;

export const ProposalSchema = z.discriminatedUnion("tool", [
  z.object({ tool: z.literal("propose_status"), args: z.object({ status: z.enum(TaskStatus) }), summary: z.string() }),
  z.object({ tool: z.literal("propose_checklist_items"), args: z.object({ items: z.array(z.string().min(1).max(500)).min(1).max(20) }), summary: z.string() }),
  z.object({ tool: z.literal("propose_estimate"), args: z.object({ minutes: z.number().int().min(1).max(100_000) }), summary: z.string() }),
]);
export type Proposal = z.infer<typeof ProposalSchema>;

/** What one execute or refine phase produced (nothing is written until the loop ends). */
export const WakeOutputSchema = z.object({
  proposals: z.array(ProposalSchema),
  report: z.object({ markdown: z.string(), confidence: z.number().min(0).max(1).nullable() }).nullable(),
  observations: z.array(z.string()),
});
export type WakeOutput = z.infer<typeof WakeOutputSchema>;

/** The evaluator's structured answer: one entry per gate, value 0–1 and specific feedback. */
export const EvaluationSchema = z.object({
  gates: z.array(z.object({ name: z.string(), value: z.number().min(0).max(1), feedback: z.string() })),
});
export type Evaluation = z.infer<typeof EvaluationSchema>;

const TaskSchema = z.object({
  title: z.string(),
  description: z.string(),
  status: z.string(),
  checklist: z.array(z.object({ text: z.string(), done: z.boolean() })),
  estimateMinutes: z.number().nullable(),
});

export type TaskContext = {
  directives: string;
  task: z.infer<typeof TaskSchema>;
  state: { wakeCounter: number; lastWakeAt: Date | null; slots: unknown };
  observations: string[];
};

const GateSchema = z.object({ name: z.string(), description: z.string(), threshold: z.number(), weight: z.number() });
export type Gate = z.infer<typeof GateSchema>;

// `directives`: the system prompt as text, so the built-in model can honour the clauses it knows
// (src/ai/directives/policy.ts). Data built without it reads as directives that say nothing.
const phaseData = { directives: z.string().default(""), task: TaskSchema, observations: z.array(z.string()) };

/** What each phase's prompt says, as data: the phase picks what the built-in model does. */
export const TaskPromptData = z.discriminatedUnion("phase", [
  z.object({ phase: z.literal("execute"), ...phaseData }),
  z.object({ phase: z.literal("refine"), ...phaseData, previous: WakeOutputSchema, feedback: z.string() }),
  z.object({ phase: z.literal("evaluate"), ...phaseData, gates: z.array(GateSchema), output: WakeOutputSchema }),
]);
export type TaskPromptData = z.infer<typeof TaskPromptData>;

const promptData = (data: TaskPromptData) => builtinContext(data);

function taskSections(ctx: TaskContext): string {
  const checklist = ctx.task.checklist.length ? ctx.task.checklist.map((c) => `- [${c.done ? "x" : " "}] ${c.text}`).join("\n") : "(empty)";
  return [
    SECTION.task,
    `Title: ${ctx.task.title}`,
    `Status: ${ctx.task.status}`,
    `Estimate: ${ctx.task.estimateMinutes ? `${ctx.task.estimateMinutes} minutes` : "none"}`,
    "Description:",
    ctx.task.description || "(none)",
    "Checklist:",
    checklist,
    "",
    SECTION.state,
    `Wakes so far: ${ctx.state.wakeCounter}; last wake: ${ctx.state.lastWakeAt?.toISOString() ?? "never"}`,
    "",
    SECTION.observations,
    ctx.observations.length ? ctx.observations.map((o) => `- ${o}`).join("\n") : "(none)",
  ].join("\n");
}

const TOOLS_GUIDE = `Use the tools: propose_status, propose_checklist_items, propose_estimate (each becomes a proposal a person confirms or rejects), write_report (one markdown report on the task's state, with your confidence 0-1), record_observation (anything ambiguous or worth remembering). Propose only what helps; do not repeat items already on the checklist.`;

/** Execute phase: the template's head directives are the system prompt. */
export function executePrompt(ctx: TaskContext) {
  return {
    system: ctx.directives,
    prompt: `${taskSections(ctx)}\n\n${TOOLS_GUIDE}`,
    providerOptions: promptData({ phase: "execute", directives: ctx.directives, task: ctx.task, observations: ctx.observations }),
  };
}

export type TaskPhasePrompt = ReturnType<typeof executePrompt>;

/** Refine phase: same tools, with the previous output and the evaluator's feedback. */
export function refinePrompt(ctx: TaskContext, previous: WakeOutput, feedback: string) {
  return {
    system: ctx.directives,
    prompt: `${taskSections(ctx)}\n\n${SECTION.previous}\n${JSON.stringify(previous, null, 2)}\n\n${SECTION.feedback}\n${feedback}\n\nProduce the complete improved output with the tools (it replaces the previous one). ${TOOLS_GUIDE}`,
    providerOptions: promptData({ phase: "refine", directives: ctx.directives, task: ctx.task, observations: ctx.observations, previous, feedback }),
  };
}

/** Evaluate phase: structured output, one value 0–1 and specific feedback per gate. */
export function evaluatePrompt(ctx: TaskContext, output: WakeOutput, gates: Gate[]) {
  return {
    system: `You are a strict reviewer of an AI agent's work. Score each quality gate from 0 to 1 and give specific, actionable feedback for anything below its threshold.
Answer with JSON only, one entry per gate, in this shape:
{"gates": [{"name": "<the gate's name>", "value": 0.7, "feedback": "<what to change, or Meets the bar.>"}]}`,
    prompt: `${taskSections(ctx)}\n\n${SECTION.gates}\n${JSON.stringify(gates, null, 2)}\n\n${SECTION.output}\n${JSON.stringify(output, null, 2)}\n\nDirectives the agent follows:\n${ctx.directives}`,
    providerOptions: promptData({ phase: "evaluate", directives: ctx.directives, task: ctx.task, observations: ctx.observations, gates, output }),
  };
}
