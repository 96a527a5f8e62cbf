#!/usr/bin/env node
// `npm run db:embedded`: serve the embedded Postgres until Ctrl-C (for psql, Prisma CLI, scripts).
//   DATABASE_URL=postgresql://postgres@127.0.0.1:54322/postgres npx prisma migrate status
import { startEmbeddedDb } from "./lib/embedded-db.mjs";

const db = await startEmbeddedDb();
console.log(`[db] DATABASE_URL=${db.url}`);
const stop = async () => {
  await db.stop();
  process.exit(0);
};
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
