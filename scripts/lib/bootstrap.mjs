// Shared start-up steps of `npm run dev`, `npm start` and `npm test`. Uses only Node built-ins so
// it can run on a fresh clone before node_modules exists.
import { spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, statSync, utimesSync, writeFileSync } from "node:fs";

const mtime = (p) => (existsSync(p) ? statSync(p).mtimeMs : 0);

export function run(cmd, args, options = {}) {
  const res = spawnSync(cmd, args, { stdio: "inherit", ...options });
  if (res.status !== 0) {
    console.error(`\n✖ ${cmd} ${args.join(" ")} failed (exit ${res.status ?? res.signal})`);
    process.exit(res.status ?? 1);
  }
}

/**
 * Like run(), without blocking the event loop (the launcher keeps handling signals meanwhile).
 */
export function runAsync(cmd, args, options = {}) {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { stdio: "inherit", ...options });
    child.on("exit", (code, signal) => {
      if (code === 0) return resolve();
      console.error(`\n✖ ${cmd} ${args.join(" ")} failed (exit ${code ?? signal})`);
      process.exit(code ?? 1);
    });
  });
}

/** `npm install` when node_modules is missing or older than package.json / package-lock.json. */
export function ensurePackages() {
  const installed = mtime("node_modules/.package-lock.json");
  if (installed && installed >= mtime("package.json") && installed >= mtime("package-lock.json")) return;
  console.log("→ installing packages (npm install)…");
  // `npm ci` fails on this registry (the lockfile lacks other platforms' optional packages).
  // --prefer-offline: what the npm cache holds is used without asking the registry again (without a
  // network each stale entry waited ≈ 110 s before npm fell back to it).
  run("npm", ["install", "--prefer-offline", "--no-audit", "--no-fund"]);
  // npm leaves the marker untouched when nothing changed: touch it so the check above settles.
  const now = new Date();
  utimesSync("node_modules/.package-lock.json", now, now);
}

/** `prisma generate` when the generated client is missing or older than the schema. */
export function ensurePrismaClient() {
  if (mtime("src/generated/prisma/client.ts") >= mtime("prisma/schema.prisma")) return;
  console.log("→ generating the Prisma client…");
  run("npx", ["prisma", "generate"]);
}

/** A stable development AUTH_SECRET kept in .data/ (never used when AUTH_SECRET is set). */
export function devAuthSecret() {
  if (process.env.AUTH_SECRET) return process.env.AUTH_SECRET;
  const file = ".data/auth-secret";
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  mkdirSync(".data", { recursive: true });
  const secret = randomBytes(32).toString("base64url");
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/** Applies pending migrations (prisma/migrations) to the database at `url`. */
export async function migrate(url) {
  const { default: pg } = await import("pg");
  const { migrateDeploy } = await import("../migrate-deploy.mjs");
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await migrateDeploy(client, "prisma/migrations", (m) => console.log(`[db] ${m}`));
  } finally {
    await client.end();
  }
}
