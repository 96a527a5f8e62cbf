// Databases for tests and benchmarks. The server is the one named by TEST_DATABASE_URL or
// DATABASE_URL (loopback only: tests never touch real data), else a throwaway embedded PostgreSQL
// started for the run, so nothing but Node and npm is needed. Each run gets fresh, uniquely named
// databases on it, migrated with the project's migrations.
import pg from "pg";
import { migrateDeploy } from "../migrate-deploy.mjs";

const LOCAL_HOSTS = new Set(["127.0.0.1", "localhost", "::1", "[::1]"]);

export function assertLocal(url) {
  const host = new URL(url).hostname;
  if (!LOCAL_HOSTS.has(host) && process.env.ALLOW_REMOTE_TEST_DB !== "1") {
    throw new Error(`Refusing to run tests against a non-local database (${host}). Set ALLOW_REMOTE_TEST_DB=1 to override.`);
  }
}

export function withDatabase(url, name) {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

/**
 * The server the run's databases are created on: `named` (default TEST_DATABASE_URL, then
 * DATABASE_URL), else an embedded PostgreSQL in a temp folder, deleted by stop(). Tests run it
 * without fsync (their data is thrown away); benchmarks ask for `durable` to measure real commits.
 */
export async function startTestServer({ named = process.env.TEST_DATABASE_URL || process.env.DATABASE_URL, log, durable = false } = {}) {
  if (named) {
    assertLocal(named);
    return { url: named, embedded: false, stop: async () => {} };
  }
  const { startEmbeddedPostgres } = await import("./embedded-postgres.mjs");
  const server = await startEmbeddedPostgres({ ephemeral: true, durable, log });
  return { url: server.serverUrl, embedded: true, stop: () => server.stop() };
}

/** Creates `<prefix>_<stamp>` next to `serverUrl`'s database; returns its URL. */
export async function createTestDatabase(serverUrl, { migrate = true, prefix = "agent_coach_test" } = {}) {
  assertLocal(serverUrl);
  const name = `${prefix}_${Date.now().toString(36)}_${process.pid}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE "${name}"`);
  } finally {
    await admin.end();
  }
  const url = withDatabase(serverUrl, name);
  if (migrate) {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      await migrateDeploy(client, "prisma/migrations", () => {});
    } finally {
      await client.end();
    }
  }
  return { name, url, serverUrl };
}

export async function dropTestDatabase({ name, serverUrl }) {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  } finally {
    await admin.end();
  }
}
