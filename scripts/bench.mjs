#!/usr/bin/env node
// `npm run bench [-- <name filter>]`: runs every benchmark in bench/ (bench/*.ts, *.mts, *.mjs),
// each against a fresh database created on a local PostgreSQL server and dropped afterwards (keep it
// with KEEP_BENCH_DB=1). The server is BENCH_DATABASE_URL, else DATABASE_URL, else a throwaway
// embedded PostgreSQL started for the run; only loopback servers are accepted. See bench/README.md.
//
// A benchmark listed in WITHOUT_DATABASE measures pure code: it runs without a database (and when
// only such benchmarks are selected, no server is started).
//
// Benchmarks run under tsx with "server-only" stubbed (scripts/lib/server-only/register.mjs), so they call the
// app's own services (src/features/**/server) and measure the very SQL the app sends.
import { spawn } from "node:child_process";
import { readdirSync } from "node:fs";
import path from "node:path";
import { ensurePackages, ensurePrismaClient } from "./lib/bootstrap.mjs";

const WITHOUT_DATABASE = new Set(["bench/classifier.ts", "bench/classifier-adaptation.ts", "bench/decision-model.ts", "bench/first-run.mjs"]);

const filters = process.argv.slice(2).filter((a) => !a.startsWith("-"));
const files = readdirSync("bench", { withFileTypes: true })
  .filter((d) => d.isFile() && /\.(ts|mts|mjs)$/.test(d.name) && !d.name.endsWith(".d.ts"))
  .map((d) => path.join("bench", d.name))
  .filter((f) => filters.length === 0 || filters.some((x) => f.includes(x)))
  .sort();
if (files.length === 0) {
  console.error(`✖ no benchmark in bench/ matches ${filters.join(", ") || "*"}`);
  process.exit(1);
}

ensurePackages();
ensurePrismaClient();

const { createTestDatabase, dropTestDatabase, startTestServer } = await import("./lib/test-database.mjs");

let server;
if (files.some((f) => !WITHOUT_DATABASE.has(f))) {
  try {
    server = await startTestServer({ named: process.env.BENCH_DATABASE_URL || process.env.DATABASE_URL, durable: true, log: (m) => console.log(`[bench db] ${m}`) });
  } catch (e) {
    console.error(`✖ ${e.message.replace("tests", "benchmarks")}`);
    process.exit(1);
  }
}

const run = (file, env) =>
  new Promise((resolve) => {
    const child = spawn(process.execPath, ["--import", "tsx", "--import", "./scripts/lib/server-only/register.mjs", file], { stdio: "inherit", env: { ...process.env, ...env } });
    const forward = (signal) => child.kill(signal);
    process.on("SIGINT", forward);
    process.on("SIGTERM", forward);
    child.on("exit", (code, signal) => {
      process.off("SIGINT", forward);
      process.off("SIGTERM", forward);
      resolve(code ?? (signal ? 1 : 0));
    });
  });

async function runOnFreshDatabase(file) {
  const database = await createTestDatabase(server.url, { prefix: "agent_coach_bench" });
  console.log(`━━ ${file} ━━ database ${database.name}`);
  try {
    return await run(file, { DATABASE_URL: database.url, BENCH_DATABASE_URL: database.url, NODE_ENV: "production" });
  } finally {
    if (process.env.KEEP_BENCH_DB === "1") console.log(`  kept database ${database.name} (KEEP_BENCH_DB=1): ${database.url}`);
    else await dropTestDatabase(database).catch((e) => console.error(`could not drop ${database.name}: ${e.message}`));
  }
}

let failed = 0;
for (const file of files) {
  if (WITHOUT_DATABASE.has(file)) console.log(`━━ ${file} ━━ (no database)`);
  const code = WITHOUT_DATABASE.has(file) ? await run(file, { NODE_ENV: "production" }) : await runOnFreshDatabase(file);
  if (code !== 0) {
    failed++;
    console.error(`✖ ${file} exited with ${code}`);
  }
}
await server?.stop();
process.exit(failed ? 1 : 0);
