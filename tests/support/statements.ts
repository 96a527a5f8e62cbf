import pg from "pg";
import { vi } from "vitest";

/**
 * The SQL statements the app's database client sends while `fn` runs (the pg driver's
 * `Client.query`, under Prisma's adapter). Use it for reads that run alone in the test: another
 * query of the same process in the meantime would be counted too.
 */
export async function statementsDuring<T>(fn: () => Promise<T>): Promise<{ result: T; statements: string[] }> {
  const statements: string[] = [];
  const original = pg.Client.prototype.query;
  const spy = vi.spyOn(pg.Client.prototype, "query").mockImplementation(function (this: pg.Client, ...args: unknown[]) {
    const first = args[0] as string | { text?: string };
    statements.push(typeof first === "string" ? first : (first?.text ?? ""));
    return (original as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof original);
  try {
    const result = await fn();
    return { result, statements };
  } finally {
    spy.mockRestore();
  }
}
