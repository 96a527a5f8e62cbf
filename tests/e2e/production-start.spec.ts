import { spawn, type ChildProcess } from "node:child_process";
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { PrismaPg } from "@prisma/adapter-pg";
import pg from "pg";
import { startEmbeddedPostgres } from "../../scripts/lib/embedded-postgres.mjs";
import { PrismaClient } from "../../src/generated/prisma/client";
import { expect, test } from "./support/fixtures";
import { EXTRA_PORT } from "./support/ports";
import { createAgentWorkspace } from "./support/scenarios/agents";

// `npm start` with no database configured: the production server on its own embedded PostgreSQL.
// It answers the health endpoints, writes no demo data, and on SIGTERM drains in order — ready
// turns 503, the running job finishes, Next closes, the database stops cleanly — then exits 0.
// Uses the production build this suite's web server was started from (.next).

const PORT = EXTRA_PORT;
const BASE = `http://localhost:${PORT}`;

let parent: string;
let dataDir: string;
let app: ChildProcess | undefined;
let output = "";

test.beforeAll(() => {
  parent = mkdtempSync(path.join(tmpdir(), "agent-coach-start-"));
  chmodSync(parent, 0o755); // the database runs as the postgres user when tests run as root
  dataDir = path.join(parent, "postgres");
});

test.afterAll(async () => {
  // On a failure, stop the launcher the graceful way: a SIGKILL would orphan Next and PostgreSQL.
  if (app && app.exitCode === null && app.signalCode === null) {
    const gone = new Promise((r) => app!.once("exit", r));
    app.kill("SIGTERM");
    await Promise.race([gone, new Promise((r) => setTimeout(r, 60_000))]);
  }
  rmSync(parent, { recursive: true, force: true });
});

async function readyStatus() {
  try {
    const res = await fetch(`${BASE}/api/ready`);
    return { code: res.status, body: (await res.json()) as { status: string; checks: Record<string, string> } };
  } catch {
    return { code: 0, body: null };
  }
}

test("npm start: health endpoints, no demo data, and a clean shutdown that finishes the running job", async () => {
  test.setTimeout(300_000);
  app = spawn(process.execPath, ["scripts/app.mjs", "start"], {
    env: {
      ...process.env,
      PORT: String(PORT),
      DATABASE_URL: "",
      EMBEDDED_DB_DIR: dataDir,
      EMBEDDED_DB_PORT: "",
      APP_URL: "",
      AUTH_URL: "",
      SMTP_URL: "",
      SEED_DEMO: "",
      NEXT_DIST_DIR: "",
      AUTH_SECRET: "production-start-test-secret-0123456789abcdef",
      NEXT_TELEMETRY_DISABLED: "1",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  app.stdout!.on("data", (c) => (output += c));
  app.stderr!.on("data", (c) => (output += c));
  const exited = new Promise<number | null>((resolve) => app!.once("exit", (code) => resolve(code)));

  await expect.poll(async () => (await readyStatus()).code, { timeout: 240_000, intervals: [500] }).toBe(200);
  expect((await readyStatus()).body).toEqual({ status: "ready", checks: { database: "ok", migrations: "ok", jobs: "running" } });
  const health = await fetch(`${BASE}/api/health`);
  expect(health.status).toBe(200);
  expect(await health.json()).toEqual({ status: "ok" });

  // Every request has an id (the caller's, when it sent one) on the response and on its log lines,
  // which never carry the key it was sent with.
  const leaked = `ac_live_${"x".repeat(43)}`;
  const api = await fetch(`${BASE}/api/v1/templates`, { headers: { authorization: `Bearer ${leaked}`, "x-request-id": "e2e-request-0001" } });
  expect(api.status).toBe(401);
  expect(api.headers.get("x-request-id")).toBe("e2e-request-0001");
  expect((await fetch(`${BASE}/api/health`)).headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
  await expect.poll(() => output.split("\n").find((l) => l.includes('"requestId":"e2e-request-0001"')) ?? null).toContain('"message":"api request"');
  expect(JSON.parse(output.split("\n").find((l) => l.includes('"requestId":"e2e-request-0001"'))!)).toMatchObject({ level: "info", path: "/api/v1/templates", status: 401 });
  expect(output).not.toContain(leaked);

  const { url } = JSON.parse(readFileSync(`${dataDir}.json`, "utf8"));
  const sql = new pg.Client({ connectionString: url });
  await sql.connect();
  // A production start writes nothing of its own: no demo workspace, no demo users.
  expect((await sql.query(`SELECT (SELECT count(*) FROM "User")::int AS users, (SELECT count(*) FROM "Workspace")::int AS workspaces`)).rows[0]).toEqual({ users: 0, workspaces: 0 });

  // A workspace with an agent, and a wake the server's local executor picks up — held mid-run by a
  // lock on the table it writes its run to, so the shutdown has a running job to wait for.
  const prisma = new PrismaClient({ adapter: new PrismaPg({ connectionString: url }) });
  const data = await createAgentWorkspace(prisma);
  const lock = new pg.Client({ connectionString: url });
  await lock.connect();
  await lock.query("BEGIN");
  await lock.query(`LOCK TABLE "WakeRun" IN EXCLUSIVE MODE`);
  // The wake arrives the way a request sends it: an outbox event, delivered by the server's relay.
  await sql.query(`INSERT INTO "OutboxEvent" ("id", "name", "data") VALUES ('shutdown-wake', 'agent/wake.requested', $1)`, [
    JSON.stringify({ workspaceId: data.workspace.id, agentId: data.agent.id, reason: "manual" }),
  ]);
  const wakeRun = async () => (await sql.query(`SELECT status FROM "FunctionRun" WHERE "functionId" = 'task-agent-wake' AND "event"->>'id' = 'shutdown-wake'`)).rows[0]?.status;
  await expect.poll(wakeRun, { timeout: 60_000 }).toBe("running");
  await prisma.$disconnect();
  await sql.end();

  app.kill("SIGTERM");
  await expect.poll(async () => (await readyStatus()).body?.status, { timeout: 10_000, intervals: [100] }).toBe("shutting_down");
  expect((await readyStatus()).code).toBe(503);
  expect(existsSync(path.join(dataDir, "postmaster.pid"))).toBe(true); // the database waits for the app

  await lock.query("COMMIT"); // the job may finish now
  await lock.end();
  expect(await exited).toBe(0);
  expect(output).toMatch(/shutdown: draining[\s\S]*shutdown: drained/);
  expect(existsSync(path.join(dataDir, "postmaster.pid"))).toBe(false); // stopped cleanly
  expect(existsSync(`${dataDir}.json`)).toBe(false);

  // The job finished before the database stopped: nothing was cut off.
  const again = await startEmbeddedPostgres({ dir: dataDir, log: () => {} });
  try {
    const check = new pg.Client({ connectionString: again.url });
    await check.connect();
    const job = (await check.query(`SELECT status FROM "FunctionRun" WHERE "functionId" = 'task-agent-wake' AND "event"->>'id' = 'shutdown-wake'`)).rows[0];
    const runs = (await check.query(`SELECT status FROM "WakeRun" WHERE "agentId" = $1 AND "reason" = 'manual'`, [data.agent.id])).rows;
    await check.end();
    expect(job.status).toBe("completed");
    expect(runs.map((r) => r.status)).toEqual(["succeeded"]);
  } finally {
    await again.stop();
  }
});

test("npm start refuses an invalid configuration before it starts anything, saying which variable and why", async () => {
  const run = spawn(process.execPath, ["scripts/app.mjs", "start"], {
    env: { ...process.env, PORT: String(PORT + 5), DATABASE_URL: "", API_RATE_LIMIT_PER_MINUTE: "lots", AUTH_SECRET: "production-start-test-secret-0123456789abcdef" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let said = "";
  run.stdout!.on("data", (c) => (said += c));
  run.stderr!.on("data", (c) => (said += c));
  const code = await new Promise<number | null>((resolve) => run.once("exit", resolve));
  expect(code).toBe(1);
  expect(said).toContain("API_RATE_LIMIT_PER_MINUTE: API_RATE_LIMIT_PER_MINUTE must be a number");
  expect(said).not.toContain("Agent Coach is running");
});
