// Display helpers for dashboard numbers.

/** A resolution time: "45 min", "5 h 20 min", "2 d 4 h". */
export function formatSpan(ms: number | null | undefined): string {
  if (ms == null) return "—";
  const min = Math.round(ms / 60_000);
  if (min < 1) return "< 1 min";
  if (min < 60) return `${min} min`;
  const h = Math.floor(min / 60);
  if (h < 24) return min % 60 ? `${h} h ${min % 60} min` : `${h} h`;
  const d = Math.floor(h / 24);
  return h % 24 ? `${d} d ${h % 24} h` : `${d} d`;
}

export const formatCount = (v: number | null | undefined) => (v == null ? "—" : Math.round(v).toLocaleString("en"));

/** 12 300 → "12.3k", 4 200 000 → "4.2M". */
export function formatCompact(v: number | null | undefined) {
  if (v == null) return "—";
  return new Intl.NumberFormat("en", { notation: "compact", maximumFractionDigits: 1 }).format(v);
}
