import { readFileSync } from "node:fs";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FEEDBACK_RULES_FILE, feedbackFunctionBodies, feedbackRulesFileSql, RULE_FUNCTION_NAME } from "@/features/feedback/rules-sql";
import { db } from "@/server/db";
import { readMigrations } from "../../../scripts/lib/migrations.mjs";
import { definitionsIn, splitStatements, statementsToReach } from "../../../scripts/lib/sql-definitions.mjs";
import { createTestDatabase, dropTestDatabase, type TestDatabase } from "../../../scripts/lib/test-database.mjs";

// rules.ts → (`npm run db:rules`) prisma/sql/feedback-rules.sql → (`-- --migration <name>`) a
// migration → the database. Each link is checked on its own, so a failure names the step forgotten.

const file = readFileSync(FEEDBACK_RULES_FILE, "utf8");
const migrations = readMigrations().map((m) => m.sql);
const keysOf = (sql: string) => [...definitionsIn([sql]).keys()].sort();

async function connect(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  return client;
}

/** The rule functions and the triggers calling them, as PostgreSQL prints them back. */
async function installed(client: pg.Client): Promise<Record<string, string>> {
  const { rows } = await client.query<{ key: string; definition: string }>(
    `SELECT 'function ' || p.proname AS key, pg_get_functiondef(p.oid) AS definition
     FROM pg_proc p WHERE p.pronamespace = current_schema()::regnamespace AND p.proname ~ $1
     UNION ALL
     SELECT 'trigger ' || t.tgname || ' on ' || c.relname, pg_get_triggerdef(t.oid)
     FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid JOIN pg_proc p ON p.oid = t.tgfoid
     WHERE NOT t.tgisinternal AND p.proname ~ $1`,
    [RULE_FUNCTION_NAME.source],
  );
  return Object.fromEntries(rows.map((r) => [r.key, r.definition]));
}

async function rolledBack<T>(client: pg.Client, work: () => Promise<T>): Promise<T> {
  await client.query("BEGIN");
  try {
    return await work();
  } finally {
    await client.query("ROLLBACK");
  }
}

/** The rule objects once `sql` has run on the database, which is left as it was. */
const installedAfter = (client: pg.Client, sql: string) =>
  rolledBack(client, async () => {
    await client.query(sql);
    return installed(client);
  });

describe("feedback rules SQL", () => {
  // A database of its own, migrated afresh: the file is applied to it without locking the tables
  // other test files write to.
  let fresh: TestDatabase;
  let client: pg.Client;
  beforeAll(async () => {
    fresh = await createTestDatabase(process.env.DATABASE_URL!);
    client = await connect(fresh.url);
  });
  afterAll(async () => {
    await client?.end();
    if (fresh) await dropTestDatabase(fresh);
  });

  it(`${FEEDBACK_RULES_FILE} is what rules.ts generates now`, () => {
    expect(file, `${FEEDBACK_RULES_FILE} is stale: run npm run db:rules`).toBe(feedbackRulesFileSql());
  });

  it("the migrations leave in force exactly the file's functions and triggers", async () => {
    expect(statementsToReach(file, migrations, RULE_FUNCTION_NAME), "a rule change has no migration: run npm run db:rules -- --migration <name>").toEqual([]);
    // The same, as PostgreSQL sees it: on the migrated database, the file changes nothing.
    const migrated = await installed(client);
    expect(Object.keys(migrated).sort()).toEqual(keysOf(file));
    expect(await installedAfter(client, file)).toEqual(migrated);
  });

  it("the test database's functions and triggers are the file's, their bodies exactly what rules.ts generates", async () => {
    const test = await connect(process.env.DATABASE_URL!);
    try {
      expect(await installed(test), "the database's rule functions and triggers are not the file's").toEqual(await installedAfter(client, file));
    } finally {
      await test.end();
    }
    const bodies = feedbackFunctionBodies();
    const rows = await db.$queryRaw<{ proname: string; prosrc: string }[]>`
      SELECT proname, prosrc FROM pg_proc WHERE proname = ANY(${Object.keys(bodies)}::text[]) AND pronamespace = current_schema()::regnamespace`;
    expect(Object.fromEntries(rows.map((r) => [r.proname, r.prosrc]))).toEqual(bodies);
  });

  it("after a rule change, the migration's statements take the database to the new file, dropping what it no longer defines", async () => {
    // A rating's words changed, and the update trigger and its function gone.
    const changed = splitStatements(file)
      .filter((s) => !/feedback_on_run_update|"WakeRun_feedback_update"/.test(s))
      .map((s) => s.replaceAll(`'Rated a run '`, `'A person rated a run '`))
      .join("\n\n");
    const migration = statementsToReach(changed, migrations, RULE_FUNCTION_NAME);
    expect(migration.map((s) => s.slice(0, s.search(/[(;]/) + 1))).toEqual([
      `DROP TRIGGER IF EXISTS "WakeRun_feedback_update" ON "WakeRun";`,
      "CREATE OR REPLACE FUNCTION feedback_on_run_insert(",
      "DROP FUNCTION IF EXISTS feedback_on_run_update(",
    ]);
    expect(statementsToReach(changed, [...migrations, migration.join("\n\n")], RULE_FUNCTION_NAME)).toEqual([]);

    await rolledBack(client, async () => {
      await client.query(migration.join("\n\n"));
      const migrated = await installed(client);
      expect(Object.keys(migrated).sort()).toEqual(keysOf(changed));
      await client.query(changed);
      expect(await installed(client)).toEqual(migrated);
      const { rows } = await client.query(`SELECT prosrc LIKE '%A person rated a run%' AS changed FROM pg_proc WHERE proname = 'feedback_on_run_insert'`);
      expect(rows).toEqual([{ changed: true }]);
    });
  });
});
