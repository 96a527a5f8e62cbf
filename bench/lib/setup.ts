// What every benchmark file starts with, and the shape of generated activity over time.
import pg from "pg";
import { installQueryTap } from "./measure";

/**
 * The fresh database `npm run bench` created for this file (exits with a hint when run directly),
 * with the query tap installed and the server's version for the report.
 */
export async function openBenchDatabase() {
  const url = process.env.BENCH_DATABASE_URL;
  if (!url) {
    console.error("Run this benchmark with `npm run bench` (it creates the database).");
    process.exit(1);
  }
  installQueryTap();
  const pool = new pg.Pool({ connectionString: url, max: 3 });
  const { rows } = await pool.query<{ v: string }>(`SELECT current_setting('server_version') AS v`);
  return { url, pool, postgresVersion: rows[0].v };
}

/**
 * A benchmark's sizes and repetitions: each key's default, overridden by the environment variable
 * `BENCH_<KEY>` (e.g. `BENCH_OBSERVATIONS=100000 npm run bench -- search`).
 */
export function benchSettings<T extends Record<string, number>>(defaults: T): T {
  return Object.fromEntries(Object.entries(defaults).map(([key, value]) => [key, Number(process.env[`BENCH_${key}`] ?? value)])) as T;
}

/** Indented progress lines under a benchmark's headings. */
export const log = (message: string) => console.log(`  ${message}`);

/**
 * Splits totals over `days` days the way real activity looks: growing over the weeks, quieter at
 * weekends. Each split sums exactly to its total.
 */
export function dailyVolumes(days: number, dayStart: (d: number) => Date) {
  const weights = Array.from({ length: days }, (_, d) => {
    const dow = dayStart(d).getUTCDay();
    return (0.7 + (0.6 * d) / Math.max(1, days - 1)) * (dow === 0 || dow === 6 ? 0.45 : 1);
  });
  const totalWeight = weights.reduce((a, b) => a + b, 0);
  return (total: number) => {
    const out = weights.map((w) => Math.floor((total * w) / totalWeight));
    out[days - 1] += total - out.reduce((a, b) => a + b, 0);
    return out;
  };
}
