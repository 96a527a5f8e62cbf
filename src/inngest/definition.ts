import type { EventType, InngestFunction } from "inngest";
import type { z } from "zod";

// A job function is written once, as a plain definition. Two drivers run the same `handler`:
// `toInngestFunction` (inngest.ts) and the embedded runner (embedded-runner.ts). The semantics
// both must honour live here as data, so neither driver hard-codes a function's rules. (A workflow
// that waits for a person is written for Inngest separately: see functions/index.ts.)

/** The part of Inngest's `step` the handlers use. Step outputs must be JSON: Inngest memoizes them. */
export type JobStep = {
  run<T>(id: string, fn: () => Promise<T>): Promise<T>;
};

export type JobContext = {
  step: JobStep;
  /** 1-based attempt number (Inngest's own `attempt` is 0-based; the Inngest driver adds one). */
  attempt: number;
  maxAttempts: number;
};

export type RecoverContext = {
  /** Keys of this function's jobs that are still running after recovery (owned by a live process). */
  runningKeys: string[];
  /** When the recovering runner started: anything the function left unfinished before it is orphaned. */
  bootedAt: Date;
};

type InngestFlowControl = Pick<InngestFunction.Options, "concurrency" | "throttle" | "debounce">;

export type JobDefinition<TData extends Record<string, unknown> = Record<string, unknown>> = {
  /** Inngest function id, and `Job.name` in the embedded runner. Never rename: rows refer to it. */
  id: string;
  /** The trigger. Its zod schema validates the payload. */
  event: EventType<string, z.ZodType<TData, TData>>;
  /** Single-flight key: at most one job per (id, key) runs at a time; pending ones coalesce. */
  key: (data: TData) => string;
  /** Minimum time between two starts for one key (0: none). */
  throttleMs: number;
  /** Triggers that skip the throttle (never the single-flight). */
  bypassThrottle?: (data: TData) => boolean;
  /** Merges an incoming trigger into the pending one (default: the pending payload stays). */
  coalesce?: (pending: TData, incoming: TData) => TData;
  retry: { maxAttempts: number; backoffMs: (failedAttempt: number) => number };
  /**
   * The same semantics in Inngest's terms (see the function's header for the mapping). Absent for
   * a definition only the embedded runner runs (functions/index.ts keeps one list per driver).
   */
  inngest?: InngestFlowControl;
  /** Embedded runner start-up: clean up what a dead process left half-done (e.g. "running" rows). */
  onRecover?: (ctx: RecoverContext) => Promise<void>;
  handler: (data: TData, ctx: JobContext) => Promise<unknown>;
};

/** A list of definitions of different payload types. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- handlers are contravariant in TData
export type AnyJobDefinition = JobDefinition<any>;

export function defineJob<TData extends Record<string, unknown>>(definition: JobDefinition<TData>): JobDefinition<TData> {
  return definition;
}

/** base × 2^(attempt-1), capped: 30 s, 60 s, 120 s, … up to 30 min with the defaults. */
export function exponentialBackoff({ baseMs = 30_000, maxMs = 30 * 60_000 } = {}) {
  return (failedAttempt: number) => Math.min(maxMs, baseMs * 2 ** Math.max(0, failedAttempt - 1));
}
