import type { JSONObject } from "@ai-sdk/provider";
import { z } from "zod";
import { builtinContext } from "../providers/builtin/options";

// The evaluator's judgement in a replay check (src/features/replay): a person rejected one of the
// task agent's proposals and said why; replayed with other directives, the agent now proposes
// something different with the same tool. Does the new proposal address the reason — is it changed
// in the direction the person asked for? Answer: structured output { addresses, why }. The same
// question as data (`JudgePromptData`, as providerOptions) for the built-in evaluator.

export const ProposalSeen = z.object({ tool: z.string(), args: z.unknown(), summary: z.string() });
export type ProposalSeen = z.infer<typeof ProposalSeen>;

export const JudgePromptData = z.object({
  phase: z.literal("judge"),
  reason: z.string(),
  before: ProposalSeen,
  after: ProposalSeen,
});
export type JudgePromptData = z.infer<typeof JudgePromptData>;

export const JudgementSchema = z.object({
  addresses: z.boolean(),
  why: z.string().max(1_000),
});
export type Judgement = z.infer<typeof JudgementSchema>;

/** Longest reason sent: reasons are a sentence or two; the rest would only cost tokens. */
const MAX_REASON_CHARS = 1_000;

export const JUDGE_CHANGE_SYSTEM = `You check whether an AI task agent learned from a rejection.
A person rejected one of the agent's proposals (a checklist, an estimate or a status change) and wrote why. Given new instructions, the agent now proposes something else with the same tool.
Decide whether the new proposal addresses the person's reason: it changes what the reason complains about, in the direction the reason asks (fewer steps when there were too many, an explanation when one was missing, a rounder number when it was too precise, no status change when they do not want one…). A change that leaves the complaint standing, or goes the other way, does not address it. When the reason gives no direction at all ("no.", "not needed"), only a proposal that clearly removes what was rejected addresses it.
Answer with JSON only: {"addresses": true|false, "why": "<one sentence>"}`;

const show = (p: ProposalSeen) => `${p.summary}\n${JSON.stringify(p.args)}`;

export function judgeChangePrompt(input: { reason: string; before: ProposalSeen; after: ProposalSeen }) {
  const reason = input.reason.slice(0, MAX_REASON_CHARS);
  const data: JudgePromptData = { phase: "judge", reason, before: input.before, after: input.after };
  return {
    system: JUDGE_CHANGE_SYSTEM,
    prompt: `## The rejected proposal (${input.before.tool})\n${show(input.before)}\n\n## The person's reason\n${reason}\n\n## The new proposal\n${show(input.after)}`,
    // The proposals' args come from stored JSON: JSON already.
    providerOptions: builtinContext(data as unknown as JSONObject),
  };
}
