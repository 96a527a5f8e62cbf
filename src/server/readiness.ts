import "server-only";
import { readdirSync } from "node:fs";
import path from "node:path";
import { jobRunnerState } from "@/inngest/runtime";
import { db } from "@/server/db";
import { isDraining } from "@/server/lifecycle";
import { errorFields, logger } from "@/server/logger";

// What /api/ready reports: can this process take traffic? States only, never data.

export type Readiness = {
  status: "ready" | "not_ready" | "shutting_down";
  checks: {
    database: "ok" | "unreachable";
    /** unknown: the migrations folder is not shipped beside the server, so it cannot compare. */
    migrations: "ok" | "pending" | "failed" | "unknown";
    jobs: ReturnType<typeof jobRunnerState>;
  };
};

const DB_TIMEOUT_MS = 2_000;

// The migrations shipped beside the server do not change while it runs: read the folder once,
// not on every probe (load balancers ask every few seconds).
let shipped: string[] | null | undefined;
function shippedMigrations(): string[] | null {
  if (shipped !== undefined) return shipped;
  try {
    const dir = path.join(process.cwd(), "prisma", "migrations");
    shipped = readdirSync(dir, { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => d.name);
  } catch {
    shipped = null;
  }
  return shipped;
}

async function checkDatabase(): Promise<{ database: Readiness["checks"]["database"]; migrations: Readiness["checks"]["migrations"] }> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error("database check timed out")), DB_TIMEOUT_MS)));
  try {
    const rows = await Promise.race([
      db.$queryRaw<{ name: string; finished: boolean }[]>`
        SELECT migration_name AS "name", finished_at IS NOT NULL AS "finished" FROM "_prisma_migrations" WHERE rolled_back_at IS NULL`,
      timeout,
    ]);
    if (rows.some((r) => !r.finished)) return { database: "ok", migrations: "failed" };
    const shipped = shippedMigrations();
    if (!shipped) return { database: "ok", migrations: "unknown" };
    const applied = new Set(rows.map((r) => r.name));
    return { database: "ok", migrations: shipped.every((m) => applied.has(m)) ? "ok" : "pending" };
  } catch (e) {
    logger.warn("ready: database check failed", errorFields(e));
    return { database: "unreachable", migrations: "unknown" };
  } finally {
    clearTimeout(timer);
  }
}

export async function getReadiness(): Promise<Readiness> {
  const { database, migrations } = await checkDatabase();
  const checks = { database, migrations, jobs: jobRunnerState() };
  if (isDraining()) return { status: "shutting_down", checks };
  const ok = database === "ok" && (migrations === "ok" || migrations === "unknown");
  return { status: ok ? "ready" : "not_ready", checks };
}
