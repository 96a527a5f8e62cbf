#!/usr/bin/env node
// `npm run dev` (next dev) and `npm start` (next build if needed, then the standalone production
// server, `<distDir>/standalone/server.js`, as the container runs it: scripts/lib/standalone.mjs).
// On a fresh clone: installs packages, generates the Prisma client, starts the embedded PostgreSQL
// unless DATABASE_URL is set, applies migrations, seeds the demo workspace (dev only, or
// SEED_DEMO=1), starts Next.js and prints the URL and how to sign in. In dev the seed runs beside
// Next's start (the sign-in page answers meanwhile and says the demo is still being prepared), and
// once both are done the routes a newcomer visits first are compiled in the background
// (scripts/lib/warm-up.mjs; WARM_UP=0 turns it off).
//
// Shutdown (Ctrl-C, SIGTERM): Next drains first — /api/ready turns 503, the job runner stops
// claiming and finishes its running jobs, in-flight requests complete — and only then is the
// embedded database stopped. The database runs in its own process group, so a terminal's Ctrl-C
// never reaches it before the app is done.
import { spawn } from "node:child_process";
import { rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { devAuthSecret, ensurePackages, ensurePrismaClient, migrate, runAsync } from "./lib/bootstrap.mjs";
import { hasStandaloneBuild, prepareStandalone } from "./lib/standalone.mjs";

const mode = process.argv[2] === "start" ? "start" : "dev";
const t0 = Date.now();
const port = Number(process.env.PORT || 3000);
const appUrl = process.env.APP_URL || `http://localhost:${port}`;
const distDir = process.env.NEXT_DIST_DIR || ".next";
/** How long Next may take to drain (jobs ≤ 25 s, then requests) before it is killed. */
const APP_EXIT_TIMEOUT_MS = 50_000;

ensurePackages();
ensurePrismaClient();

// The configuration is checked before anything starts (one line per problem); the server checks it
// again when it starts, for the container, which does not run this launcher.
try {
  const { tsImport } = await import("tsx/esm/api");
  const { parseEnv } = await tsImport("../src/env.ts", import.meta.url);
  parseEnv({ ...process.env, NODE_ENV: mode === "start" ? "production" : "development", APP_URL: process.env.APP_URL || `http://localhost:${port}` });
} catch (e) {
  if (e?.code !== "ERR_MODULE_NOT_FOUND") {
    console.error(`✖ ${e.message}`);
    process.exit(1);
  }
}

let embedded = null;
let databaseUrl = process.env.DATABASE_URL;
let dbMs = 0;
if (!databaseUrl) {
  const { startEmbeddedPostgres } = await import("./lib/embedded-postgres.mjs");
  const started = Date.now();
  try {
    embedded = await startEmbeddedPostgres();
  } catch (e) {
    console.error(`✖ embedded database: ${e.message}`);
    process.exit(1);
  }
  databaseUrl = embedded.url;
  dbMs = Date.now() - started;
}

let child = null;
let stopping = false;
async function stop(code) {
  if (stopping) return;
  stopping = true;
  if (child && child.exitCode === null && child.signalCode === null) {
    child.kill("SIGTERM");
    const killer = setTimeout(() => child.kill("SIGKILL"), APP_EXIT_TIMEOUT_MS);
    await new Promise((resolve) => child.once("exit", resolve));
    clearTimeout(killer);
  }
  await embedded?.stop();
  embedded = null; // stopped: the exit hook below has nothing left to do
  process.exit(code);
}
// SIGHUP too: a closed terminal must not orphan the server and the database. A closed output
// pipe (EPIPE) or any crash of this launcher still stops both.
for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"]) process.on(signal, () => void stop(0));
for (const stream of [process.stdout, process.stderr]) stream.on("error", () => {});
// Any other way out (a failed seed or build exits at once): ask the database for its fast
// shutdown; it completes on its own.
process.on("exit", () => {
  try {
    if (embedded) process.kill(embedded.pid, "SIGINT");
  } catch {}
});
process.on("uncaughtException", (e) => {
  try {
    console.error(`✖ launcher: ${e.stack ?? e}`);
  } catch {}
  void stop(1);
});

try {
  const started = Date.now();
  await migrate(databaseUrl);
  dbMs += Date.now() - started;
} catch (e) {
  console.error(`✖ migrations: ${e.message}`);
  await embedded?.stop();
  process.exit(1);
}

const env = {
  ...process.env,
  DATABASE_URL: databaseUrl,
  APP_URL: appUrl,
  AUTH_URL: process.env.AUTH_URL || appUrl,
  AUTH_SECRET: process.env.AUTH_SECRET || (mode === "dev" ? devAuthSecret() : undefined),
  AUTH_TRUST_HOST: process.env.AUTH_TRUST_HOST || "true",
  NEXT_TELEMETRY_DISABLED: "1",
  // `next dev` kills its server process 100 ms after forwarding a signal unless told to wait:
  // give it the time the graceful shutdown needs.
  NEXT_EXIT_TIMEOUT_MS: process.env.NEXT_EXIT_TIMEOUT_MS || String(APP_EXIT_TIMEOUT_MS),
};
if (mode === "start" && !env.AUTH_SECRET) {
  console.error("✖ AUTH_SECRET is required for `npm start` (e.g. `openssl rand -base64 32`).");
  await embedded?.stop();
  process.exit(1);
}

// Demo data only where it is wanted: `npm run dev`, or explicitly. A production start never
// writes rows of its own.
const seed = mode === "dev" ? process.env.SEED_DEMO !== "0" : process.env.SEED_DEMO === "1";
const seedArgs = ["--import", "tsx", "--import", "./scripts/lib/server-only/register.mjs", "prisma/seed.ts"];
// A production start seeds first (nobody signs in to a half-written demo there); dev seeds beside
// Next's start, its progress in a file the sign-in page reads (src/server/demo-seed.ts).
if (seed && mode === "start") await runAsync("node", seedArgs, { env });
const seedStatusFile = seed && mode === "dev" ? path.join(tmpdir(), `agent-coach-demo-seed-${process.pid}.json`) : null;
const writeSeedState = (state) => writeFileSync(seedStatusFile, JSON.stringify({ state, at: new Date().toISOString() }));
process.on("exit", () => seedStatusFile && rmSync(seedStatusFile, { force: true }));
let seedDone = !seedStatusFile;
let ready = false;
if (seedStatusFile) {
  writeSeedState("running");
  env.DEMO_SEED_STATUS_FILE = seedStatusFile;
  const seeding = spawn(process.execPath, seedArgs, { env, stdio: "inherit" });
  seeding.on("exit", (code, signal) => {
    if (stopping) return;
    if (code === 0) {
      writeSeedState("done");
      seedDone = true;
      void maybeWarmUp();
    } else {
      writeSeedState("failed");
      console.error(`\n✖ the demo seed failed (exit ${code ?? signal}): the app runs without a complete demo workspace; its output is above.`);
    }
  });
}
// A build from before `output: "standalone"` (a BUILD_ID without server.js) is built again.
if (mode === "start" && !hasStandaloneBuild(distDir)) await runAsync("npx", ["next", "build"], { env });

// Node runs the server directly (no npx wrapper that might not pass signals on): `next dev`, or
// the standalone server — listening on every interface like `next start` (server.js reads
// HOSTNAME, which shells set to the machine's name).
const args = mode === "dev" ? ["node_modules/next/dist/bin/next", "dev", "-p", String(port)] : [prepareStandalone(distDir)];
child = spawn(process.execPath, args, { env: mode === "dev" ? env : { ...env, NODE_ENV: "production", PORT: String(port), HOSTNAME: "0.0.0.0" }, stdio: ["inherit", "pipe", "inherit"] });
let announced = false;
child.stdout.on("data", (chunk) => {
  process.stdout.write(chunk);
  if (!announced && /Ready in/.test(String(chunk))) {
    announced = true;
    ready = true;
    void maybeWarmUp();
    const secs = ((Date.now() - t0) / 1000).toFixed(1);
    const mailbox = mode === "dev" && !process.env.SMTP_URL;
    console.log(
      [
        "",
        `  Agent Coach is running at ${appUrl}  (started in ${secs} s; database ${(dbMs / 1000).toFixed(1)} s)`,
        `  Database: ${embedded ? `embedded PostgreSQL (${embedded.dir}, 127.0.0.1:${embedded.port})` : "DATABASE_URL"}`,
        "",
        ...(seed
          ? [
              "  Sign in as the demo user:",
              `    1. open ${appUrl}/sign-in and enter demo@agent-coach.local`,
              mailbox ? `    2. open the development mailbox ${appUrl}/dev/mailbox and click "Sign in"` : "    2. follow the link in the email",
              ...(seedDone ? [] : ["  (the demo workspace is still being seeded: a few seconds more)"]),
            ]
          : [`  Sign in at ${appUrl}/sign-in`]),
        "",
      ].join("\n"),
    );
  }
});
child.on("exit", (code, signal) => {
  child = null;
  void stop(stopping ? 0 : (code ?? (signal ? 1 : 0)));
});

// The warm-up (dev only): once Next answers and the demo seed is done, the first routes are compiled.
let warmingUp = false;
async function maybeWarmUp() {
  if (mode !== "dev" || !ready || !seedDone || warmingUp || process.env.WARM_UP === "0" || stopping) return;
  warmingUp = true;
  const { warmUp } = await import("./lib/warm-up.mjs");
  const { default: pg } = await import("pg");
  const client = new pg.Client({ connectionString: databaseUrl });
  try {
    await client.connect();
    await warmUp({ appUrl: `http://localhost:${port}`, query: async (sql, params) => (await client.query(sql, params)).rows, email: "demo@agent-coach.local", slug: "demo" });
  } catch (e) {
    console.log(`warm-up: stopped (${e.message}); pages compile on their first visit`);
  } finally {
    await client.end().catch(() => {});
  }
}
