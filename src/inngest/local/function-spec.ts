import { durationToMs, type InngestFunction } from "inngest";
import { evaluateKey } from "./expressions";

// What the local executor reads from an Inngest function object: the same options Inngest's server
// reads when the app syncs (id, triggers, concurrency, throttle, debounce, retries, cancelOn). Options the
// executor cannot honour are refused at start, never silently ignored.

export type FunctionSpec = {
  id: string;
  fn: InngestFunction.Any;
  events: { name: string; if?: string }[];
  crons: string[];
  /** CEL expression of the single-flight key; "" = one at a time for the whole function. */
  concurrencyKey: string | null;
  throttle: { key: string | null; periodMs: number } | null;
  debounce: { key: string | null; periodMs: number; timeoutMs: number | null } | null;
  /** Inngest's `retries` (default 3): attempts = retries + 1, per step. */
  retries: number;
  /** Events that cancel a run not yet finished (`if`: CEL with `event` = the run's trigger, `async` = the incoming event). */
  cancelOn: { name: string; if?: string }[];
};

type Options = {
  id: string;
  triggers?: unknown;
  concurrency?: unknown;
  throttle?: { limit: number; period: string; key?: string; burst?: number };
  debounce?: { period: string; key?: string; timeout?: string };
  retries?: number;
  cancelOn?: { event: string | { name: string }; if?: string; match?: string; timeout?: unknown }[];
  [other: string]: unknown;
};

const SUPPORTED = new Set(["id", "name", "triggers", "concurrency", "throttle", "debounce", "retries", "cancelOn"]);

export function specOf(fn: InngestFunction.Any): FunctionSpec {
  const opts = (fn as unknown as { opts: Options }).opts;
  const unsupported = Object.keys(opts).filter((k) => !SUPPORTED.has(k) && opts[k] !== undefined);
  if (unsupported.length) throw new Error(`local executor: ${opts.id} uses ${unsupported.join(", ")}, which it does not run`);

  const triggers = (Array.isArray(opts.triggers) ? opts.triggers : opts.triggers ? [opts.triggers] : []) as { event?: string | { name: string }; cron?: string; if?: string }[];
  const events = triggers.filter((t) => t.event).map((t) => ({ name: typeof t.event === "string" ? t.event : t.event!.name, if: t.if }));
  const crons = triggers.filter((t) => t.cron).map((t) => t.cron!);

  return { id: opts.id, fn, events, crons, concurrencyKey: concurrencyKeyOf(opts), throttle: throttleOf(opts), debounce: debounceOf(opts), retries: opts.retries ?? 3, cancelOn: cancelOnOf(opts) };
}

function cancelOnOf(opts: Options): FunctionSpec["cancelOn"] {
  return (opts.cancelOn ?? []).map((c) => {
    if (c.match !== undefined || c.timeout !== undefined) throw new Error(`local executor: ${opts.id} cancelOn supports event and if only`);
    return { name: typeof c.event === "string" ? c.event : c.event.name, if: c.if };
  });
}

function concurrencyKeyOf(opts: Options): string | null {
  const c = Array.isArray(opts.concurrency) ? opts.concurrency[0] : opts.concurrency;
  if (c === undefined) return null;
  const { limit, key } = typeof c === "number" ? { limit: c, key: undefined } : (c as { limit: number; key?: string });
  if (limit !== 1) throw new Error(`local executor: ${opts.id} asks for concurrency ${limit}; only 1 (single-flight) is supported`);
  return key ?? "";
}

function throttleOf(opts: Options): FunctionSpec["throttle"] {
  if (!opts.throttle) return null;
  if (opts.throttle.limit !== 1 || (opts.throttle.burst ?? 1) > 1) throw new Error(`local executor: ${opts.id} throttle supports limit 1 only`);
  return { key: opts.throttle.key ?? null, periodMs: durationToMs(opts.throttle.period) };
}

function debounceOf(opts: Options): FunctionSpec["debounce"] {
  if (!opts.debounce) return null;
  return { key: opts.debounce.key ?? null, periodMs: durationToMs(opts.debounce.period), timeoutMs: opts.debounce.timeout ? durationToMs(opts.debounce.timeout) : null };
}

export type TriggerEvent = { id: string; name: string; data: Record<string, unknown>; ts: number };

/** A key expression evaluated against the triggering event; null when the option is absent. */
export function keyFor(expression: string | null, event: TriggerEvent): string | null {
  if (expression === null) return null;
  if (expression === "") return "";
  return evaluateKey(expression, { event });
}
