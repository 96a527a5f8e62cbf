#!/usr/bin/env node
// Runs the standalone production server in this process (what the e2e suite's web server and the
// container run): copies its static files in (scripts/lib/standalone.mjs), then loads
// `<distDir>/standalone/server.js`, which listens on PORT (default 3000) on every interface, as
// `next start` does (server.js reads HOSTNAME, which shells and containers set to the machine's
// name: it is set here on purpose).
//   node scripts/standalone.mjs            prepare and serve
//   node scripts/standalone.mjs --prepare  prepare only (the Dockerfile's build stage)
// Migrations are not applied here: that is an explicit step before (`npx prisma migrate deploy`).
import path from "node:path";
import { pathToFileURL } from "node:url";
import { prepareStandalone } from "./lib/standalone.mjs";

const server = prepareStandalone();
if (!process.argv.includes("--prepare")) {
  process.env.NODE_ENV = "production";
  process.env.HOSTNAME = "0.0.0.0";
  process.env.NEXT_TELEMETRY_DISABLED ??= "1";
  await import(pathToFileURL(path.resolve(server)).href);
}
