// Integration tests run against a real Postgres. `npm test` passes the run's fresh database in
// TEST_DATABASE_URL; run alone (`npm run test:integration`), this creates and drops one itself.
import { createTestDatabase, dropTestDatabase } from "../../scripts/lib/test-database.mjs";

export default async function setup() {
  if (process.env.TEST_DATABASE_URL) {
    process.env.DATABASE_URL = process.env.TEST_DATABASE_URL;
    return;
  }
  const database = await createTestDatabase();
  process.env.DATABASE_URL = database.url;
  process.env.TEST_DATABASE_URL = database.url;
  return async () => {
    const { db } = await import("../../src/server/db").catch(() => ({ db: null }));
    await db?.$disconnect();
    await dropTestDatabase(database);
  };
}
