#!/usr/bin/env node
// `npm test` on a fresh clone: installs packages and Debian's Chromium when missing; starts a
// throwaway embedded PostgreSQL for the run unless TEST_DATABASE_URL or DATABASE_URL names a
// (loopback) server; creates fresh databases on it, migrates them with the Prisma CLI, then runs
// lint, unit + integration (Vitest), e2e (Playwright on a production build with a real SMTP
// server) and the embedded-mode e2e (`npm run dev` with nothing configured, its own embedded
// database). Every suite runs; the exit code is non-zero if any failed. Needs no database server.
// The e2e suite's production build runs in the background from the start (startBuild), and the
// summary gives each stage's time.
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { AptLockTimeoutError, APT_LOCK_TIMEOUT_MS, aptArgs, isAptLockHeld, waitForAptLock } from "./lib/apt-lock.mjs";
import { ensurePackages, ensurePrismaClient } from "./lib/bootstrap.mjs";
import { describeFailures, playwrightFailures, vitestFailures } from "./lib/test-failures.mjs";

const t0 = Date.now();
const secs = (ms) => `${(ms / 1000).toFixed(1)} s`;

/**
 * Debian's Chromium when it is missing. Another apt (unattended-upgrades…) holding the apt/dpkg
 * lock is waited for, at most APT_LOCK_TIMEOUT_MS in all (scripts/lib/apt-lock.mjs), not a failure.
 */
async function ensureChromium() {
  const path = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
  if (existsSync(path)) return;
  console.log("→ installing Chromium from Debian (apt-get install chromium)…");
  const root = process.getuid?.() === 0;
  const [cmd, ...prefix] = root ? ["apt-get"] : ["sudo", "-n", "apt-get"];
  const deadline = Date.now() + APT_LOCK_TIMEOUT_MS;
  const giveUp = (message) => {
    console.error(`\n✖ ${message}`);
    process.exit(1);
  };
  const apt = async (args) => {
    await waitForAptLock({ timeoutMs: deadline - Date.now() }).catch((e) => giveUp(e.message));
    // Between our check and apt's own, another apt may take the lock: apt-get waits for the rest of the bound.
    const res = spawnSync(cmd, [...prefix, ...aptArgs(args, { lockTimeoutMs: deadline - Date.now() })], { stdio: "inherit", env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" } });
    if (res.status === 0) return;
    if (isAptLockHeld()) giveUp(new AptLockTimeoutError(APT_LOCK_TIMEOUT_MS).message);
    giveUp(`${cmd} ${[...prefix, ...args].join(" ")} failed (exit ${res.status ?? res.signal})`);
  };
  await apt(["update"]);
  await apt(["install", "-y", "--no-install-recommends", "chromium"]);
}

// Each suite also writes a JSON report here; the summary lists the failures it holds.
const reports = mkdtempSync(path.join(tmpdir(), "agent-coach-test-reports-"));

/**
 * The production build the e2e suite serves (`next build`, then the JavaScript budget per page),
 * started in the background: it runs beside lint and the unit + integration stage (whose files
 * mostly wait on PostgreSQL) instead of after them. Its output goes to a log, printed when it fails.
 */
function startBuild() {
  const started = Date.now();
  const log = path.join(reports, "build.log");
  // Not niced: a nice-15 build beside work at normal priority gets a few percent of the CPU (with
  // two busy loops running, it had not finished compiling after 18 minutes, long after the tests
  // beside it were done). Detached, it is a session of its own: Linux's autogroup scheduling shares
  // the CPU between the build and everything else as two groups, so the tests beside it and the
  // build each keep about half of a busy machine (the whole run green beside two busy loops: 850 s), and
  // its whole process group is stopped with it.
  const script = `npx next build > "${log}" 2>&1 && node scripts/js-budget.mjs >> "${log}" 2>&1`;
  // NEXT_BUILD_FILESYSTEM_CACHE=0: a fresh clone builds once; writing Turbopack's cache for a next
  // build that never comes cost ≈ 12 s of a busy 2-core machine.
  const child = spawn("sh", ["-c", script], { stdio: "ignore", detached: true, env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1", NEXT_BUILD_FILESYSTEM_CACHE: "0" } });
  const done = new Promise((resolve) => child.on("exit", (code) => resolve({ ok: code === 0, ms: Date.now() - started, log })));
  process.once("exit", () => {
    if (child.exitCode !== null) return;
    try {
      process.kill(-child.pid, "SIGTERM"); // its whole group: next build's workers too
    } catch {
      child.kill("SIGTERM");
    }
  });
  return done;
}

function step(name, cmd, args, env, failures) {
  return new Promise((resolve) => {
    const started = Date.now();
    console.log(`\n━━ ${name} ━━ ${cmd} ${args.join(" ")}`);
    const child = spawn(cmd, args, { stdio: "inherit", env: { ...process.env, ...env } });
    child.on("exit", (code) => resolve({ name, ok: code === 0, ms: Date.now() - started, failures }));
  });
}

ensurePackages();
ensurePrismaClient();
// The build needs no database: it starts now, beside Chromium's install and the databases' start
// and migrations (a minute in which the machine was ≈ 40% idle).
const build = startBuild();
await ensureChromium();

const { createTestDatabase, dropTestDatabase, startTestServer } = await import("./lib/test-database.mjs");
const server = await startTestServer({ log: (m) => console.log(`[test db] ${m}`) });
let stopping = false;
const stopServer = async () => {
  if (stopping) return;
  stopping = true;
  await server.stop();
};
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => void stopServer().then(() => process.exit(130)));

// Two databases: the e2e server's embedded runner works through every pending job and due
// improver it finds, so it must not inherit what the integration tests left behind.
const database = await createTestDatabase(server.url, { migrate: false });
const e2eDatabase = await createTestDatabase(server.url, { migrate: false, prefix: "agent_coach_e2e" });
console.log(`→ test databases ${database.name} (integration), ${e2eDatabase.name} (e2e) on ${server.embedded ? "an embedded PostgreSQL" : "the named server"}`);
const env = { DATABASE_URL: database.url, TEST_DATABASE_URL: database.url, NEXT_TELEMETRY_DISABLED: "1" };
const e2eEnv = { ...env, DATABASE_URL: e2eDatabase.url, TEST_DATABASE_URL: e2eDatabase.url };

const results = [];
try {
  const migrate = spawnSync("npx", ["prisma", "migrate", "deploy"], { stdio: "inherit", env: { ...process.env, ...env } });
  const migrateE2e = migrate.status === 0 ? spawnSync("npx", ["prisma", "migrate", "deploy"], { stdio: "inherit", env: { ...process.env, ...e2eEnv } }) : migrate;
  results.push({ name: "prisma migrate deploy", ok: migrate.status === 0 && migrateE2e.status === 0, ms: 0 });
  if (migrate.status === 0 && migrateE2e.status === 0) {
    const report = (file) => path.join(reports, file);
    results.push(await step("lint", "npx", ["eslint", "."], env));
    const vitestArgs = ["vitest", "run", "--reporter=default", "--reporter=json", `--outputFile.json=${report("vitest.json")}`];
    results.push(await step("unit + integration", "npx", vitestArgs, env, () => vitestFailures(report("vitest.json"))));
    const built = await build;
    results.push({ name: "production build", ok: built.ok, ms: built.ms, failures: () => [{ title: "next build or the JavaScript budget failed; the end of its output:", detail: readFileSync(built.log, "utf8").trim().split("\n").slice(-40).map((l) => `      ${l}`).join("\n") }] });
    // Two browsers side by side (E2E_WORKERS overrides): each test seeds workspaces of its own, and
    // most of a test's time is the server's and the page's waits. 640 s → 386 s on 2 cores.
    const e2eWorkers = process.env.E2E_WORKERS || "2";
    if (built.ok) results.push(await step("e2e", "npx", ["playwright", "test"], { ...e2eEnv, E2E_WORKERS: e2eWorkers, E2E_SKIP_BUILD: "1", E2E_JSON_REPORT: report("e2e.json") }, () => playwrightFailures(report("e2e.json"))));
    // The embedded-mode e2e starts `npm run dev` with no database configured: its own server. Not
    // beside the e2e suite: that run was only ≈ 30 s shorter (both suites find the CPU busy), and
    // next dev's first compile of the sign-in action then took over 30 s.
    const embeddedEnv = { NEXT_TELEMETRY_DISABLED: "1", E2E_JSON_REPORT: report("embedded.json") };
    results.push(await step("e2e: embedded mode", "npx", ["playwright", "test", "-c", "playwright.embedded.config.ts"], embeddedEnv, () => playwrightFailures(report("embedded.json"))));
  }
} finally {
  if (process.env.KEEP_TEST_DB === "1" && !server.embedded) {
    console.log(`kept ${database.url} and ${e2eDatabase.url} (KEEP_TEST_DB=1)`);
  } else if (!server.embedded) {
    for (const db of [database, e2eDatabase]) await dropTestDatabase(db).catch((e) => console.error(`could not drop ${db.name}: ${e.message}`));
  }
  await stopServer();
}

console.log("\n━━ summary ━━");
for (const r of results) {
  console.log(`${r.ok ? "✓" : "✖"} ${r.name.padEnd(24)} ${r.ms ? secs(r.ms) : ""}`);
  if (!r.ok && r.failures) {
    try {
      for (const line of describeFailures(r.failures())) console.log(line);
    } catch (error) {
      console.log(`    (its report could not be read: ${error.message})`);
    }
  }
}
if (process.env.KEEP_TEST_REPORTS) console.log(`reports kept in ${reports}`);
else rmSync(reports, { recursive: true, force: true });
console.log(`total ${secs(Date.now() - t0)}`);
process.exit(results.every((r) => r.ok) ? 0 : 1);
