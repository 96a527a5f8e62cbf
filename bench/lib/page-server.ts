// The production server and the pages it is measured on, shared by `bench/pages.ts` and the page
// experiments (scripts/experiments/paired-builds.ts, compression-cost.ts): a signed-in session, a
// workspace's pages by name, and a standalone server of a build whose own CPU can be read.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { createServer } from "node:net";
import { prepareStandalone } from "../../scripts/lib/standalone.mjs";

/** What runs a statement: a pg Pool or Client. */
type Queryable = { query: (sql: string, params?: unknown[]) => Promise<{ rows: unknown[] }> };

/** Clock ticks per second of /proc's CPU times. */
export const CLK_TCK = Number(spawnSync("getconf", ["CLK_TCK"]).stdout.toString().trim()) || 100;

/** A session of `userId`, as the cookie a browser would send. */
export async function signedIn(db: Queryable, userId: string): Promise<string> {
  const token = randomBytes(32).toString("hex");
  await db.query(`INSERT INTO "Session" ("sessionToken", "userId", "expires", "updatedAt") VALUES ($1, $2, now() + interval '1 day', now())`, [token, userId]);
  return `authjs.session-token=${token}`;
}

/** A workspace's pages (name, path under /w/<slug>): its first task template's (or `templateId`'s), an agent of it with runs, a task, the last ritual. */
export async function pagesOf(db: Queryable, workspaceId: string, templateId?: string): Promise<[string, string][]> {
  const one = async <T>(sql: string, params: unknown[]) => (await db.query(sql, params)).rows[0] as T;
  const template = templateId ?? (await one<{ id: string }>(`SELECT "id" FROM "AgentTemplate" WHERE "workspaceId" = $1 AND "kind" = 'taskAgent' ORDER BY "createdAt" LIMIT 1`, [workspaceId])).id;
  const agent = await one<{ id: string; runId: string | null }>(
    `SELECT a."id", (SELECT r."id" FROM "WakeRun" r WHERE r."agentId" = a."id" ORDER BY r."startedAt" DESC LIMIT 1) AS "runId"
     FROM "Agent" a WHERE a."workspaceId" = $1 AND a."templateId" = $2 AND EXISTS (SELECT 1 FROM "WakeRun" r WHERE r."agentId" = a."id") LIMIT 1`, [workspaceId, template]);
  const task = await one<{ id: string } | undefined>(`SELECT "id" FROM "Task" WHERE "workspaceId" = $1 LIMIT 1`, [workspaceId]);
  const ritual = await one<{ id: string } | undefined>(`SELECT "id" FROM "EvolutionSession" WHERE "workspaceId" = $1 AND "origin" = 'ritual' ORDER BY "createdAt" DESC LIMIT 1`, [workspaceId]);
  return [
    ["dashboard", ""],
    ["templates", "/templates"],
    ["template", `/templates/${template}`],
    ["template versions", `/templates/${template}/versions`],
    ["template performance", `/templates/${template}/performance`],
    ["template feedback", `/templates/${template}/feedback`],
    ["template instances", `/templates/${template}/instances`],
    ["one-on-one", `/templates/${template}/one-on-one`],
    ["hypotheses", `/templates/${template}/hypotheses`],
    ["agents", "/agents"],
    ["agent", `/agents/${agent.id}`],
    ...(agent.runId ? ([["run", `/agents/${agent.id}/runs/${agent.runId}`]] as [string, string][]) : []),
    ["tasks", "/tasks"],
    ...(task ? ([["task", `/tasks/${task.id}`]] as [string, string][]) : []),
    ["inbox", "/inbox"],
    ...(ritual ? ([["ritual review", `/rituals/${ritual.id}`]] as [string, string][]) : []),
    ["notifications", "/notifications"],
    ["search", "/search?q=refund"],
    ["usage", "/settings/usage"],
  ];
}

export type PageServer = { base: string; process: ChildProcess; cpuMs: () => number; stop: () => void };

const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = createServer().listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });

/**
 * Starts `distDir`'s standalone server on `url`'s database with the job runner off (only page views
 * use its CPU) and waits until it is ready. `nodeArgs` go to node (a CPU profile, say); `cpuMs()` is
 * the process's CPU so far (user + system, every thread, from /proc).
 */
export async function startPageServer(distDir: string, url: string, { nodeArgs = [] as string[] } = {}): Promise<PageServer> {
  const port = await freePort();
  const base = `http://localhost:${port}`;
  const server = spawn(process.execPath, [...nodeArgs, prepareStandalone(distDir)], {
    env: {
      ...process.env, NODE_ENV: "production", PORT: String(port), HOSTNAME: "127.0.0.1", DATABASE_URL: url, APP_URL: base, AUTH_URL: base, AUTH_TRUST_HOST: "true",
      AUTH_SECRET: randomBytes(32).toString("hex"), JOBS_EMBEDDED: "0", LOG_LEVEL: "warn", NEXT_TELEMETRY_DISABLED: "1", SMTP_URL: "",
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const stop = () => {
    if (server.exitCode === null) server.kill("SIGTERM");
  };
  process.on("exit", stop);
  for (let i = 0; ; i++) {
    const ok = await fetch(`${base}/api/ready`).then((r) => r.ok, () => false);
    if (ok) break;
    if (server.exitCode !== null) throw new Error(`${distDir}'s server exited (${server.exitCode})`);
    if (i > 240) throw new Error("the server did not become ready");
    await new Promise((r) => setTimeout(r, 500));
  }
  return {
    base,
    process: server,
    cpuMs() {
      const fields = readFileSync(`/proc/${server.pid}/stat`, "utf8").split(") ")[1].split(" ");
      return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLK_TCK;
    },
    stop,
  };
}

/** The demo workspace's pages (those named in `only`, all when omitted) and a session of its owner. */
export async function demoPages(db: Queryable, only?: string[]): Promise<{ cookie: string; pages: [string, string][] }> {
  const { rows } = await db.query(`SELECT w."id", w."slug", m."userId" FROM "Workspace" w JOIN "Membership" m ON m."workspaceId" = w."id" AND m."role" = 'owner' WHERE w."slug" = 'demo'`);
  const ws = rows[0] as { id: string; slug: string; userId: string } | undefined;
  if (!ws) throw new Error("no demo workspace in this database");
  const pages = (await pagesOf(db, ws.id)).filter(([name]) => !only || only.includes(name));
  return { cookie: await signedIn(db, ws.userId), pages: pages.map(([name, path]) => [name, `/w/${ws.slug}${path}`]) };
}

/** GETs `path` with `headers` and reads the whole body: its size and Content-Encoding. */
export async function viewPage(server: PageServer, path: string, headers: Record<string, string>): Promise<{ bytes: number; encoding: string | null }> {
  const res = await fetch(server.base + path, { headers });
  const body = await res.arrayBuffer();
  if (res.status !== 200) throw new Error(`${path}: HTTP ${res.status}`);
  return { bytes: body.byteLength, encoding: res.headers.get("content-encoding") };
}
