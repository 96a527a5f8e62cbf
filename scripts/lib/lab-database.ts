// The database a lab run writes its workspace to: DATABASE_URL when set (migrated first, as the
// app's launcher does on every start), else a throwaway embedded PostgreSQL (temp folder, random
// port, no fsync; deleted when the run ends), so the lab needs no database server.
import pg from "pg";
import { migrateDeploy } from "../migrate-deploy.mjs";
import { startEmbeddedPostgres } from "./embedded-postgres.mjs";

export type LabDatabase = { url: string; embedded: boolean; stop: () => Promise<void> };

async function migrate(url: string, log: (m: string) => void) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const applied = await migrateDeploy(client, "prisma/migrations", () => {});
    if (applied.length) log(`applied ${applied.length} migration${applied.length === 1 ? "" : "s"}`);
  } finally {
    await client.end();
  }
}

export async function openLabDatabase(log: (m: string) => void): Promise<LabDatabase> {
  const named = process.env.DATABASE_URL?.trim();
  if (named) {
    await migrate(named, log);
    return { url: named, embedded: false, stop: async () => {} };
  }
  const server = await startEmbeddedPostgres({ ephemeral: true, database: "agent_coach_lab", log });
  try {
    await migrate(server.url, log);
  } catch (e) {
    await server.stop();
    throw e;
  }
  return { url: server.url, embedded: true, stop: () => server.stop() };
}
