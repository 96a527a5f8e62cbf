// A fresh, uniquely named database per test run on a local Postgres server, migrated with the
// project's migrations. Refuses anything but a loopback server: tests never touch real data.
import pg from "pg";
import { migrateDeploy } from "../migrate-deploy.mjs";

export const DEFAULT_TEST_SERVER = "postgresql://postgres@127.0.0.1:5432/test";
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

/** Creates `<prefix>_<stamp>` next to `serverUrl`'s database; returns its URL. */
export async function createTestDatabase(serverUrl = process.env.DATABASE_URL || DEFAULT_TEST_SERVER, { migrate = true, prefix = "agent_coach_test" } = {}) {
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
