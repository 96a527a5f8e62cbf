import { format, formatDistanceToNowStrict } from "date-fns";

// Display formats used across pages (date-fns: well-kept, tree-shakeable, no locale data loaded).

export const formatDate = (d: Date) => format(d, "d MMM yyyy");
export const formatDateTime = (d: Date) => format(d, "d MMM yyyy, HH:mm");
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
