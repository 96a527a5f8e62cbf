// A newcomer's first run, timed: `git clone` of this repository's HEAD into a temporary folder,
// then `npm run dev` there with nothing configured (it installs the packages, starts the embedded
// PostgreSQL, migrates, seeds the demo workspace and starts Next), until the sign-in page first
// answers 200 — then until the launcher's warm-up says it is done, and how long each warm-up
// route takes on a visit after that (a session of the demo user for the signed-in ones). Uses the machine's npm cache as it is (warm after any
// earlier install). Needs no database. Run it with `npm run bench -- first-run`.
//
// Figures: clone → sign-in 200 (the goal: < 90 s), the launcher's stages as it prints them, and
// the first visit of each warm route after the warm-up.
import { execFileSync, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";

const TIMEOUT_MS = 15 * 60_000;
const secs = (ms) => `${(ms / 1000).toFixed(1)} s`;

const freePort = () =>
  new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });

const dir = mkdtempSync(path.join(tmpdir(), "agent-coach-first-run-"));
const port = await freePort();
const url = `http://localhost:${port}`;
const t0 = Date.now();
execFileSync("git", ["clone", "--quiet", "--no-hardlinks", process.cwd(), dir], { stdio: "inherit" });
const cloned = Date.now() - t0;

// Nothing configured: the child sees none of this shell's database, model or mail settings, and
// none of what `npm run bench` sets for its benchmarks (NODE_ENV=production would make the clone's
// `npm install` skip the dev dependencies `npm run dev` needs; npm's own npm_* variables).
const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !/^(DATABASE_URL|TEST_DATABASE_URL|BENCH_DATABASE_URL|SMTP_URL|AI_|OPENAI|ANTHROPIC|GOOGLE|INNGEST|AUTH_|NODE_ENV$|npm_)/.test(k)));
const child = spawn("npm", ["run", "dev"], { cwd: dir, env: { ...env, PORT: String(port), NEXT_TELEMETRY_DISABLED: "1" }, stdio: ["ignore", "pipe", "pipe"], detached: true });
const marks = [];
let output = "";
let warmedAt = null;
const onData = (chunk) => {
  const text = String(chunk);
  output += text;
  for (const line of text.split("\n")) {
    if (/added \d+ packages/.test(line)) marks.push(["npm install done", Date.now() - t0, line.trim()]);
    if (/\[db\] .*ready/.test(line)) marks.push(["embedded database ready", Date.now() - t0, line.trim()]);
    if (/Ready in/.test(line)) marks.push(["next dev ready", Date.now() - t0, line.trim()]);
    if (/\[seed\] demo agents/.test(line)) marks.push(["demo seed done", Date.now() - t0, line.trim()]);
    if (/warm-up: done/.test(line)) {
      warmedAt = Date.now();
      marks.push(["warm-up done", warmedAt - t0, line.trim()]);
    }
  }
};
child.stdout.on("data", onData);
child.stderr.on("data", onData);
let exited = false;
child.on("exit", () => (exited = true));

const stop = async () => {
  if (!exited) {
    try {
      process.kill(-child.pid, "SIGINT");
    } catch {}
    const deadline = Date.now() + 60_000;
    while (!exited && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200));
    if (!exited) process.kill(-child.pid, "SIGKILL");
  }
  rmSync(dir, { recursive: true, force: true });
};

async function until(predicate, what) {
  const deadline = t0 + TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (exited) throw new Error(`npm run dev exited before ${what}:\n${output.slice(-3000)}`);
    if (await predicate()) return Date.now() - t0;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`timed out waiting for ${what}`);
}

try {
  const signIn = await until(async () => {
    try {
      return (await fetch(`${url}/sign-in`, { redirect: "manual", signal: AbortSignal.timeout(60_000) })).status === 200;
    } catch {
      return false;
    }
  }, "the sign-in page");
  await until(() => warmedAt !== null, "the warm-up");
  // Every warm-up route visited again after the warm-up, as a person's first visit would be: the
  // signed-out ones without a session, the rest with a session of the demo user made here (in the
  // clone's embedded database, whose URL the launcher records beside its data folder: "<dir>.json").
  const { default: pg } = await import("pg");
  const { readFileSync } = await import("node:fs");
  const { warmUp } = await import("../scripts/lib/warm-up.mjs");
  const dataDir = /Database: embedded PostgreSQL \(([^,]+),/.exec(output)?.[1];
  if (!dataDir) throw new Error("the launcher did not say where its database is");
  const client = new pg.Client({ connectionString: JSON.parse(readFileSync(`${dataDir}.json`, "utf8")).url });
  await client.connect();
  const after = await warmUp({ appUrl: url, query: async (sql, params) => (await client.query(sql, params)).rows, email: "demo@agent-coach.local", slug: "demo", log: () => {} });
  await client.end();

  console.log(`first run (git clone → npm run dev → sign-in page 200), warm npm cache`);
  console.log(`  git clone                        ${secs(cloned)}`);
  for (const [name, at, line] of marks) console.log(`  ${name.padEnd(32)} at ${secs(at).padStart(8)}   ${line.slice(0, 100)}`);
  console.log(`  sign-in page first 200           at ${secs(signIn).padStart(8)}   (goal < 90 s)`);
  const warmLines = output.split("\n").filter((l) => /warm-up: /.test(l));
  console.log("  the launcher's warm-up (each route's compile):");
  for (const l of warmLines) console.log(`    ${l.trim()}`);
  const slowest = after.reduce((a, b) => (b.ms > a.ms ? b : a));
  console.log(`  first visits after the warm-up (goal < 2 s each): slowest ${slowest.route} ${(slowest.ms / 1000).toFixed(2)} s, median ${(after.map((r) => r.ms).sort((a, b) => a - b)[after.length >> 1] / 1000).toFixed(2)} s`);
  for (const r of after) console.log(`    ${r.route.padEnd(72)} ${r.status} ${(r.ms / 1000).toFixed(2)} s`);
} finally {
  await stop();
}
