#!/usr/bin/env node
// `npm run db:embedded`: serve the embedded PostgreSQL alone until Ctrl-C (for psql, the Prisma
// CLI or scripts). Migrations are applied first. While it runs, the Prisma CLI finds it by itself
// (prisma.config.ts reads the URL it records beside the data directory).
import { ensurePackages, migrate } from "./lib/bootstrap.mjs";

ensurePackages();
const { startEmbeddedPostgres } = await import("./lib/embedded-postgres.mjs");
const db = await startEmbeddedPostgres();
await migrate(db.url);
console.log(`[db] DATABASE_URL=${db.url}`);
const stop = async () => {
  await db.stop();
  process.exit(0);
};
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
