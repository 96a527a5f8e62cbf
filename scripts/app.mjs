#!/usr/bin/env node
// `npm run dev` (next dev) and `npm start` (next build if needed, then next start).
// On a fresh clone: installs packages, generates the Prisma client, starts the embedded Postgres
// unless DATABASE_URL is set, applies migrations, seeds the demo workspace, starts Next.js and
// prints the URL and how to sign in.
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { devAuthSecret, ensurePackages, ensurePrismaClient, migrate, runAsync } from "./lib/bootstrap.mjs";

const mode = process.argv[2] === "start" ? "start" : "dev";
const t0 = Date.now();
const port = Number(process.env.PORT || 3000);
const appUrl = process.env.APP_URL || `http://localhost:${port}`;

ensurePackages();
ensurePrismaClient();

let embedded = null;
let databaseUrl = process.env.DATABASE_URL;
if (databaseUrl) {
  await migrate(databaseUrl);
} else {
  const { startEmbeddedDb } = await import("./lib/embedded-db.mjs");
  try {
    embedded = await startEmbeddedDb();
  } catch (e) {
    console.error(`✖ embedded database: ${e.message}`);
    process.exit(1);
  }
  databaseUrl = embedded.url;
}

const env = {
  ...process.env,
  DATABASE_URL: databaseUrl,
  APP_URL: appUrl,
  AUTH_URL: process.env.AUTH_URL || appUrl,
  AUTH_SECRET: process.env.AUTH_SECRET || (mode === "dev" ? devAuthSecret() : undefined),
  AUTH_TRUST_HOST: process.env.AUTH_TRUST_HOST || "true",
  NEXT_TELEMETRY_DISABLED: "1",
};
if (mode === "start" && !env.AUTH_SECRET) {
  console.error("✖ AUTH_SECRET is required for `npm start` (e.g. `openssl rand -base64 32`).");
  await embedded?.stop();
  process.exit(1);
}

await runAsync("npx", ["tsx", "prisma/seed.ts"], { env });
if (mode === "start" && !existsSync(".next/BUILD_ID")) await runAsync("npx", ["next", "build"], { env });

// Next runs directly (no npx wrapper that might not pass signals on), in this process group.
const next = ["node_modules/next/dist/bin/next", mode, "-p", String(port)];
const child = spawn(process.execPath, next, { env, stdio: ["inherit", "pipe", "inherit"] });
let announced = false;
child.stdout.on("data", (chunk) => {
  process.stdout.write(chunk);
  if (!announced && /Ready in/.test(String(chunk))) {
    announced = true;
    const secs = ((Date.now() - t0) / 1000).toFixed(1);
    const mailbox = mode === "dev" && !process.env.SMTP_URL;
    console.log(
      [
        "",
        `  Agent Coach is running at ${appUrl}  (started in ${secs} s)`,
        `  Database: ${embedded ? `embedded Postgres (${embedded.dir})` : "DATABASE_URL"}`,
        "",
        "  Sign in as the demo user:",
        `    1. open ${appUrl}/sign-in and enter demo@agent-coach.local`,
        mailbox
          ? `    2. open the development mailbox ${appUrl}/dev/mailbox and click "Sign in"`
          : "    2. follow the link in the email",
        "",
      ].join("\n"),
    );
  }
});

let stopping = false;
async function stop(code) {
  if (stopping) return;
  stopping = true;
  child.kill("SIGTERM");
  await embedded?.stop();
  process.exit(code);
}
child.on("exit", (code) => stop(code ?? 0));
process.on("SIGINT", () => stop(0));
process.on("SIGTERM", () => stop(0));
