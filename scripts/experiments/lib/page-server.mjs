// Shared by the page experiments (compression-cost.mjs, paired-builds.mjs): the demo workspace's
// pages with a signed-in session, and production servers of a build whose own CPU can be read.
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { createServer } from "node:net";
import pg from "pg";
import { prepareStandalone } from "../../lib/standalone.mjs";

/** The demo workspace's main pages (name, path) and a session cookie of its owner, from `url`'s database. */
export async function demoPages(url) {
  const db = new pg.Client(url);
  await db.connect();
  try {
    const one = async (sql, params = []) => (await db.query(sql, params)).rows[0];
    const ws = await one(`SELECT w."id", w."slug", m."userId" FROM "Workspace" w JOIN "Membership" m ON m."workspaceId" = w."id" AND m."role" = 'owner' WHERE w."slug" = 'demo'`);
    if (!ws) throw new Error("no demo workspace in this database (see the experiment's header)");
    const token = randomBytes(32).toString("hex");
    await db.query(`INSERT INTO "Session" ("sessionToken", "userId", "expires", "updatedAt") VALUES ($1, $2, now() + interval '1 day', now())`, [token, ws.userId]);
    const template = await one(`SELECT "id" FROM "AgentTemplate" WHERE "workspaceId" = $1 AND "kind" = 'taskAgent' ORDER BY "createdAt" LIMIT 1`, [ws.id]);
    const agent = await one(
      `SELECT a."id", (SELECT r."id" FROM "WakeRun" r WHERE r."agentId" = a."id" ORDER BY r."startedAt" DESC LIMIT 1) AS "runId"
       FROM "Agent" a WHERE a."workspaceId" = $1 AND a."templateId" = $2 AND EXISTS (SELECT 1 FROM "WakeRun" r WHERE r."agentId" = a."id") LIMIT 1`, [ws.id, template.id]);
    const w = `/w/${ws.slug}`;
    const pages = [
      ["dashboard", w], ["templates", `${w}/templates`], ["template", `${w}/templates/${template.id}`], ["feedback", `${w}/templates/${template.id}/feedback`],
      ["agents", `${w}/agents`], ["agent", `${w}/agents/${agent.id}`], ["run", `${w}/agents/${agent.id}/runs/${agent.runId}`], ["tasks", `${w}/tasks`],
      ["inbox", `${w}/inbox`], ["notifications", `${w}/notifications`], ["search", `${w}/search?q=refund`], ["usage", `${w}/settings/usage`],
    ];
    return { cookie: `authjs.session-token=${token}`, pages };
  } finally {
    await db.end();
  }
}

const freePort = () =>
  new Promise((resolve) => {
    const probe = createServer().listen(0, "127.0.0.1", () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });

/** Starts `distDir`'s standalone server on `url`'s database (no job runner), ready; `cpuMs()` is its CPU so far, every thread. */
export async function startPageServer(distDir, url) {
  const port = await freePort();
  const base = `http://localhost:${port}`;
  const proc = spawn(process.execPath, [prepareStandalone(distDir)], {
    env: {
      ...process.env, DATABASE_URL: url, NODE_ENV: "production", PORT: String(port), HOSTNAME: "127.0.0.1", APP_URL: base, AUTH_URL: base,
      AUTH_TRUST_HOST: "true", AUTH_SECRET: randomBytes(32).toString("hex"), JOBS_EMBEDDED: "0", LOG_LEVEL: "warn", NEXT_TELEMETRY_DISABLED: "1", SMTP_URL: "",
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  process.on("exit", () => proc.kill("SIGTERM"));
  while (!(await fetch(`${base}/api/ready`).then((r) => r.ok, () => false))) {
    if (proc.exitCode !== null) throw new Error(`${distDir}'s server exited (${proc.exitCode})`);
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    base,
    cpuMs() {
      const fields = readFileSync(`/proc/${proc.pid}/stat`, "utf8").split(") ")[1].split(" ");
      return (Number(fields[11]) + Number(fields[12])) * 10; // utime + stime, in 10 ms ticks
    },
    stop: () => proc.kill("SIGTERM"),
  };
}

/** GETs `path` with `headers`, reads the whole body; its size and Content-Encoding. */
export async function view(server, path, headers) {
  const res = await fetch(server.base + path, { headers });
  const body = await res.arrayBuffer();
  if (res.status !== 200) throw new Error(`${path}: HTTP ${res.status}`);
  return { bytes: body.byteLength, encoding: res.headers.get("content-encoding") };
}

export const mean = (xs) => xs.reduce((a, b) => a + b, 0) / xs.length;
