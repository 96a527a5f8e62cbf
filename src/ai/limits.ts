import { env } from "@/env";
import type { ModelRole } from "./models";

// The limits of every model call, per role: how long one attempt may take (its AbortSignal fires
// then, and src/ai/retry.ts counts it as failed) and how many tokens it may write
// (`maxOutputTokens`: a runaway answer is cut, not stored and re-sent on every later turn).
// AI_TIMEOUT_SECONDS and AI_MAX_OUTPUT_TOKENS override every role (a slow local model, a
// provider with a small output window).

export type ModelLimits = { timeoutMs: number; maxOutputTokens: number };

export const DEFAULT_LIMITS: Record<ModelRole, ModelLimits> = {
  task: { timeoutMs: 60_000, maxOutputTokens: 4_000 },
  evaluator: { timeoutMs: 60_000, maxOutputTokens: 2_000 },
  refiner: { timeoutMs: 60_000, maxOutputTokens: 4_000 },
  // 25 texts a batch, ~40 tokens of JSON each.
  classifier: { timeoutMs: 60_000, maxOutputTokens: 2_500 },
  // A chat answer or a ritual turn: notes, a proposal with whole directives, a closing message.
  improver: { timeoutMs: 120_000, maxOutputTokens: 6_000 },
};

export function modelLimits(role: ModelRole, e: { AI_TIMEOUT_SECONDS?: number; AI_MAX_OUTPUT_TOKENS?: number } = env): ModelLimits {
  const d = DEFAULT_LIMITS[role];
  return { timeoutMs: e.AI_TIMEOUT_SECONDS ? e.AI_TIMEOUT_SECONDS * 1000 : d.timeoutMs, maxOutputTokens: e.AI_MAX_OUTPUT_TOKENS ?? d.maxOutputTokens };
}

/**
 * How long a model call may send nothing (no response yet, or no chunk in the middle of a streamed
 * answer) before it is given up as stalled (stream-guard.ts; the total time is `timeoutMs`), by
 * default. AI_IDLE_TIMEOUT_SECONDS overrides it (modelIdleTimeoutMs).
 */
export const MODEL_IDLE_TIMEOUT_MS = 30_000;

/** The idle limit of every model call: AI_IDLE_TIMEOUT_SECONDS, else MODEL_IDLE_TIMEOUT_MS. */
export function modelIdleTimeoutMs(e: { AI_IDLE_TIMEOUT_SECONDS?: number } = env): number {
  return e.AI_IDLE_TIMEOUT_SECONDS ? Math.round(e.AI_IDLE_TIMEOUT_SECONDS * 1000) : MODEL_IDLE_TIMEOUT_MS;
}

/**
 * How long a call that is not streamed may wait for its answer by default. Its answer arrives
 * whole, so silence there is not a stall but a long answer being written: it gets the longest
 * role's total time (the improver's), not the idle limit — the role's own `timeoutMs` still ends
 * each attempt. An operator who sets AI_IDLE_TIMEOUT_SECONDS gets that limit on these calls too.
 */
export const NOT_STREAMED_ANSWER_MS = Math.max(...Object.values(DEFAULT_LIMITS).map((l) => l.timeoutMs));

/** The limit of a call that is not streamed: AI_IDLE_TIMEOUT_SECONDS when set, else NOT_STREAMED_ANSWER_MS. */
export function notStreamedAnswerMs(e: { AI_IDLE_TIMEOUT_SECONDS?: number } = env): number {
  return e.AI_IDLE_TIMEOUT_SECONDS ? Math.round(e.AI_IDLE_TIMEOUT_SECONDS * 1000) : NOT_STREAMED_ANSWER_MS;
}
