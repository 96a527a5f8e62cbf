// Integration tests run against a real PostgreSQL. `npm test` passes the run's fresh database in
// TEST_DATABASE_URL; run alone (`npm run test:integration`), this creates one — on the server
// DATABASE_URL names, else on a throwaway embedded PostgreSQL — and drops it afterwards.
import { createTestDatabase, dropTestDatabase, startTestServer } from "../../scripts/lib/test-database.mjs";

export default async function setup() {
  if (process.env.TEST_DATABASE_URL) {
    process.env.DATABASE_URL = process.env.TEST_DATABASE_URL;
    return;
  }
  const server = await startTestServer({ log: () => {} });
  const database = await createTestDatabase(server.url);
  process.env.DATABASE_URL = database.url;
  process.env.TEST_DATABASE_URL = database.url;
  return async () => {
    const { db } = await import("../../src/server/db").catch(() => ({ db: null }));
    await db?.$disconnect();
    await dropTestDatabase(database);
    await server.stop();
  };
}
