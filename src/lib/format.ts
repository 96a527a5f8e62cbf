import { formatDistanceToNowStrict } from "date-fns";

// Display formats used across pages, in the server's (or browser's) local time: "29 Nov 2026" and
// "29 Nov 2026, 17:05", exactly what date-fns' format(d, "d MMM yyyy[, HH:mm]") writes (a unit test
// compares them). Written out by hand because pages call them for every row and date-fns parses its
// pattern on each call: ≈ 20 times the CPU (scripts/experiments/date-format-cost.ts).

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
const pad = (n: number, width = 2) => String(n).padStart(width, "0");

/** A date as date-fns took it: a Date, an ISO string (a date that went through JSON) or epoch ms. */
type DateLike = Date | string | number;

function asDate(value: DateLike): Date {
  const d = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(d.getTime())) throw new RangeError("Invalid time value"); // as date-fns: a bug, not a blank
  return d;
}

const day = (d: Date) => `${d.getDate()} ${MONTHS[d.getMonth()]} ${pad(d.getFullYear(), 4)}`;

export const formatDate = (value: DateLike) => day(asDate(value));
export function formatDateTime(value: DateLike): string {
  const d = asDate(value);
  return `${day(d)}, ${pad(d.getHours())}:${pad(d.getMinutes())}`;
}
export const timeAgo = (d: Date | null | undefined) => (d ? `${formatDistanceToNowStrict(d)} ago` : "never");

export function formatDuration(ms: number | null | undefined): string {
  if (ms == null) return "—";
  if (ms < 1000) return `${ms} ms`;
  if (ms < 60_000) return `${(ms / 1000).toFixed(1)} s`;
  return `${Math.floor(ms / 60_000)} min ${Math.round((ms % 60_000) / 1000)} s`;
}

export const formatScore = (v: number | null | undefined) => (v == null ? "—" : v.toFixed(2));
export const formatPercent = (v: number | null | undefined) => (v == null ? "—" : `${Math.round(v * 100)}%`);

/** "1 wake", "3 wakes" (regular plurals only). */
export const plural = (n: number, noun: string) => `${n.toLocaleString("en")} ${n === 1 ? noun : `${noun}s`}`;
