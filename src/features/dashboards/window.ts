// Dashboard windows and trends: pure helpers shared by the read models (server) and the components.

export const WINDOWS = [7, 30, 90] as const;
export type WindowDays = (typeof WINDOWS)[number];
export const DEFAULT_WINDOW: WindowDays = 30;

/** `?window=30` → 30; anything else → the default (links build the param, people may edit it). */
export function parseWindow(value: string | string[] | undefined): WindowDays {
  const n = Number(Array.isArray(value) ? value[0] : value);
  return (WINDOWS as readonly number[]).includes(n) ? (n as WindowDays) : DEFAULT_WINDOW;
}

const DAY_MS = 86_400_000;

/** The current window [start, end) and the one just before it [prevStart, start). */
export function windowRange(days: number, now: Date = new Date()) {
  const end = now;
  const start = new Date(end.getTime() - days * DAY_MS);
  const prevStart = new Date(start.getTime() - days * DAY_MS);
  return { start, end, prevStart };
}

export type TrendDirection = "up" | "down" | "flat";
/** Whether a rising value is good news (quality), bad news (duration) or neither (volume). */
export type Polarity = "up-good" | "down-good" | "neutral";
export type Trend = { direction: TrendDirection; delta: number | null; tone: "good" | "bad" | "neutral"; /** No current value: nothing to compare. */ empty?: boolean };

/**
 * Compares a metric with the previous window. `flatBelow` is the smallest change that counts as a
 * move: an absolute difference for 0..1 scores (default), a relative one for counts and durations
 * (`relative: true`). No previous value → flat with no delta ("new"); no current value → `empty` (no arrow).
 */
export function trendOf(current: number | null, previous: number | null, polarity: Polarity, opts: { flatBelow?: number; relative?: boolean } = {}): Trend {
  if (current == null) return { direction: "flat", delta: null, tone: "neutral", empty: true };
  if (previous == null) return { direction: "flat", delta: null, tone: "neutral" };
  const delta = current - previous;
  const size = opts.relative ? (previous === 0 ? (current === 0 ? 0 : Infinity) : Math.abs(delta) / Math.abs(previous)) : Math.abs(delta);
  const flatBelow = opts.flatBelow ?? (opts.relative ? 0.02 : 0.005);
  if (size < flatBelow) return { direction: "flat", delta, tone: "neutral" };
  const direction: TrendDirection = delta > 0 ? "up" : "down";
  const tone = polarity === "neutral" ? "neutral" : (direction === "up") === (polarity === "up-good") ? "good" : "bad";
  return { direction, delta, tone };
}

/** Growth colour: green when more agents were created, amber when flat, red when fewer. */
export function growthTone(thisWeek: number, lastWeek: number): "green" | "amber" | "red" {
  return thisWeek > lastWeek ? "green" : thisWeek === lastWeek ? "amber" : "red";
}

/** Week labels in UTC, like the SQL's date_trunc('week', …) buckets (Monday starts). */
const weekFormat = new Intl.DateTimeFormat("en", { day: "numeric", month: "short", timeZone: "UTC" });
export const weekLabel = (d: Date) => weekFormat.format(d);

/** confirmed / (confirmed + rejected); deferred decisions do not count. null without decisions. */
export const acceptanceRate = (confirmed: number, rejected: number) => (confirmed + rejected === 0 ? null : confirmed / (confirmed + rejected));
