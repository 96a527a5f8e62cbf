import pg from "pg";
import { factoryDb, makeAgentRow, makeTaskRow, makeTemplateRow, makeWorkspace } from "../factories";
import { startAppProcess, stopAppProcess, type AppProcess } from "./support/app-process";
import { expect, test } from "./support/fixtures";
import { EXTRA_PORT } from "./support/ports";

// Two app processes on one PostgreSQL, as `compose up --scale app=2` runs them: both serve, both
// work the job queue (the local executor in each), and every wake requested runs exactly once —
// wherever it lands. Then both drain and exit cleanly. (With Inngest configured, the queue is
// Inngest's; no Inngest server can run on these machines, so that topology is not exercised here.)

const PORTS = [EXTRA_PORT + 1, EXTRA_PORT + 2];
const WAKES = 8;
const servers: AppProcess[] = [];

function startServer(port: number) {
  const server = startAppProcess(port, { AUTH_SECRET: "two-servers-secret-0123456789abcdef0123456789" });
  servers.push(server);
  return server;
}

async function ready(port: number) {
  try {
    const res = await fetch(`http://localhost:${port}/api/ready`);
    return { code: res.status, body: (await res.json()) as { status: string; checks: { jobs: string } } };
  } catch {
    return { code: 0, body: null };
  }
}

test.afterAll(async () => {
  for (const server of servers) await stopAppProcess(server, `two-servers-${server.port}`);
});

test("two app processes on one database share the work: each wake runs once, both drain on SIGTERM", async () => {
  test.setTimeout(240_000);
  // One after the other: the first start copies the standalone server's static files in place.
  for (const port of PORTS) {
    startServer(port);
    await expect.poll(async () => (await ready(port)).code, { timeout: 90_000, intervals: [500] }).toBe(200);
    expect((await ready(port)).body?.checks.jobs).toBe("running");
  }
  for (const port of PORTS) expect((await fetch(`http://localhost:${port}/sign-in`)).status).toBe(200);

  const db = factoryDb();
  const { workspace } = await makeWorkspace({}, db);
  const { template } = await makeTemplateRow(workspace.id, { name: "Shared queue", versions: [{ directives: "You help people finish tasks.", rationale: "Initial version" }] }, db);
  const agents = [];
  for (let i = 0; i < WAKES; i++) {
    const task = await makeTaskRow(workspace.id, { title: `Shared work ${i + 1}`, description: "Collect the numbers. Draft the summary." }, db);
    agents.push(await makeAgentRow(template, { displayName: `Worker ${i + 1}`, taskId: task.id }, db));
  }

  // The wakes arrive as requests send them: outbox events, delivered by whichever relay takes them.
  const sql = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await sql.connect();
  try {
    for (const [i, agent] of agents.entries()) {
      await sql.query(`INSERT INTO "OutboxEvent" ("id", "name", "data") VALUES ($1, 'agent/wake.requested', $2)`, [
        `two-servers-${workspace.id}-${i}`,
        JSON.stringify({ workspaceId: workspace.id, agentId: agent.id, reason: "manual" }),
      ]);
    }
    const runs = async () =>
      (await sql.query(`SELECT "agentId", status FROM "WakeRun" WHERE "workspaceId" = $1 AND reason = 'manual'`, [workspace.id])).rows as { agentId: string; status: string }[];
    await expect.poll(async () => (await runs()).filter((r) => r.status === "succeeded").length, { timeout: 120_000, intervals: [500] }).toBe(WAKES);
    // Exactly once: one run per agent, one completed job per event, nothing left behind.
    const done = await runs();
    expect(done.map((r) => r.agentId).sort()).toEqual(agents.map((a) => a.id).sort());
    // (A job completes a moment after its run is saved: it has steps after the save.)
    const jobs = async () =>
      (await sql.query(`SELECT status, count(*)::int AS n FROM "FunctionRun" WHERE "functionId" = 'task-agent-wake' AND "event"->>'id' LIKE $1 GROUP BY status`, [`two-servers-${workspace.id}-%`])).rows;
    await expect.poll(jobs, { timeout: 30_000, intervals: [250] }).toEqual([{ status: "completed", n: WAKES }]);
    expect((await sql.query(`SELECT count(*)::int AS n FROM "OutboxEvent" WHERE "id" LIKE $1 AND "sentAt" IS NULL`, [`two-servers-${workspace.id}-%`])).rows[0].n).toBe(0);
  } finally {
    await sql.end();
  }

  // Both drain, then exit as a process ends on SIGTERM (Next's own handler: code 143 = 128 + 15).
  const exits = servers.map(({ proc }) => new Promise<number | null>((resolve) => proc.once("exit", (code) => resolve(code))));
  for (const { proc } of servers) proc.kill("SIGTERM");
  for (const code of await Promise.all(exits)) expect([0, 143]).toContain(code);
  for (const server of servers) expect(server.output).toMatch(/shutdown: draining[\s\S]*shutdown: drained/);
});
