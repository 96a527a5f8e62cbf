// Timing helpers: percentiles, a compact table, and a tap on pg's Pool.query that records the SQL
// (text + parameters) and its round-trip time for every query the app's services send, so the
// benchmark can report database time next to service time and EXPLAIN exactly what was run.
import pg from "pg";

export type Captured = { text: string; values: unknown[]; ms: number };

let capturing: Captured[] | null = null;
const originalQuery = pg.Pool.prototype.query;

/** Installs the tap (idempotent). Prisma's pg adapter sends every non-transaction query through Pool.query. */
export function installQueryTap() {
  if ((pg.Pool.prototype.query as { tapped?: boolean }).tapped) return;
  const tapped = function (this: pg.Pool, ...args: unknown[]) {
    const config = args[0] as { text?: string; values?: unknown[] } | string;
    const sink = capturing;
    if (!sink || typeof config !== "object" || !config?.text) return (originalQuery as (...a: unknown[]) => unknown).apply(this, args);
    const started = performance.now();
    const result = (originalQuery as (...a: unknown[]) => Promise<unknown>).apply(this, args);
    return result.then((r) => {
      sink.push({ text: config.text!, values: config.values ?? [], ms: performance.now() - started });
      return r;
    });
  } as typeof pg.Pool.prototype.query & { tapped?: boolean };
  tapped.tapped = true;
  pg.Pool.prototype.query = tapped;
}

/** Runs `fn`, returning its wall time and the queries it sent. */
export async function timed<T>(fn: () => Promise<T>): Promise<{ ms: number; sql: Captured[]; result: T }> {
  const sink: Captured[] = [];
  capturing = sink;
  const started = performance.now();
  try {
    const result = await fn();
    return { ms: performance.now() - started, sql: sink, result };
  } finally {
    capturing = null;
  }
}

export function percentile(sorted: number[], p: number) {
  if (sorted.length === 0) return NaN;
  const rank = Math.ceil((p / 100) * sorted.length) - 1;
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank))];
}

export type Summary = { n: number; p50: number; p95: number; max: number; mean: number };

export function summarize(values: number[]): Summary {
  const sorted = [...values].sort((a, b) => a - b);
  const r = (v: number) => Math.round(v * 100) / 100;
  return {
    n: sorted.length,
    p50: r(percentile(sorted, 50)),
    p95: r(percentile(sorted, 95)),
    max: r(sorted.at(-1) ?? NaN),
    mean: r(sorted.reduce((a, b) => a + b, 0) / Math.max(1, sorted.length)),
  };
}

export function table(headers: string[], rows: (string | number)[][]) {
  const cells = [headers, ...rows.map((r) => r.map((c) => (typeof c === "number" ? c.toFixed(1) : c)))];
  const widths = headers.map((_, i) => Math.max(...cells.map((r) => String(r[i]).length)));
  const line = (r: (string | number)[]) => r.map((c, i) => (i === 0 ? String(c).padEnd(widths[i]) : String(c).padStart(widths[i]))).join("  ");
  return [line(cells[0]), widths.map((w) => "─".repeat(w)).join("  "), ...cells.slice(1).map(line)].join("\n");
}
