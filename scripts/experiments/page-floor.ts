// What a view costs before the page's own content: server CPU per request of a health route (no
// rendering), the sign-in page (rendering, no session, no database), and workspace pages (the
// shell, the session, the membership). Not part of the product; run on a database with the demo
// workspace (KEEP_BENCH_DB=1 npm run bench -- pages prints one) and a production build:
//
//   DATABASE_URL=<db> npx tsx scripts/experiments/page-floor.ts <distDir> [rounds] [pages=notifications,usage,dashboard]
//
// NODE_ARGS="--max-semi-space-size=64 …" passes flags to the server's node.
// With PROFILE_DIR=<dir> the server writes a CPU profile there and the script the measured windows
// (<dir>/windows.json) for `node bench/lib/profile-summary.mjs <profile> <dir>/windows.json [name]`.
import { writeFileSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import { demoPages, startPageServer, viewPage } from "../../bench/lib/page-server";

const [distDir = ".next", roundsArg = "300", pageNames = "notifications,usage,dashboard"] = process.argv.slice(2);
const rounds = Number(roundsArg);
const db = new pg.Pool({ connectionString: process.env.DATABASE_URL });
const { cookie, pages } = await demoPages(db, pageNames.split(","));
const profileDir = process.env.PROFILE_DIR;
const server = await startPageServer(distDir, process.env.DATABASE_URL!, { nodeArgs: [...(process.env.NODE_ARGS?.split(/\s+/).filter(Boolean) ?? []), ...(profileDir ? ["--cpu-prof", `--cpu-prof-dir=${profileDir}`] : [])] });
const monotonicUs = () => Number(process.hrtime.bigint() / 1000n);
const windows: { page: string; startUs: number; endUs: number }[] = [];
const targets: [string, string, Record<string, string>][] = [
  ["health route", "/api/health", {}],
  ["sign-in page", "/sign-in", { "accept-encoding": "gzip" }],
  ...pages.map(([name, path]): [string, string, Record<string, string>] => [name, path, { cookie, "accept-encoding": "gzip" }]),
];
try {
  for (let i = 0; i < 100; i++) for (const [, path, headers] of targets) await viewPage(server, path, headers);
  const cpu = new Map(targets.map(([name]) => [name, 0]));
  for (let i = 0; i < rounds; i++) {
    for (const [name, path, headers] of targets) {
      const before = server.cpuMs();
      const startUs = monotonicUs();
      await viewPage(server, path, headers);
      windows.push({ page: name, startUs, endUs: monotonicUs() });
      cpu.set(name, cpu.get(name)! + server.cpuMs() - before);
    }
  }
  for (const [name] of targets) console.log(`${name.padEnd(14)} ${(cpu.get(name)! / rounds).toFixed(1)} ms CPU per view`);
  if (profileDir) writeFileSync(path.join(profileDir, "windows.json"), JSON.stringify({ profileWindows: windows }));
} finally {
  server.stop();
  await db.end();
}
