import { spawnSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { createTestDatabase, dropTestDatabase } from "../../../scripts/lib/test-database.mjs";

function prisma(args: string[], databaseUrl: string) {
  return spawnSync("npx", ["prisma", ...args], { env: { ...process.env, DATABASE_URL: databaseUrl }, encoding: "utf8" });
}

describe("migrations", () => {
  it("applied to an empty database with the Prisma CLI, leave no drift from schema.prisma", async () => {
    const database = await createTestDatabase(process.env.DATABASE_URL!, { migrate: false });
    try {
      const deploy = prisma(["migrate", "deploy"], database.url);
      expect(deploy.status, deploy.stderr + deploy.stdout).toBe(0);
      expect(deploy.stdout + deploy.stderr).toMatch(/All migrations have been successfully applied|migrations? (found|applied)/i);

      // --exit-code: 0 = no difference, 2 = difference, 1 = error.
      const diff = prisma(["migrate", "diff", "--from-config-datasource", "--to-schema", "prisma/schema.prisma", "--script", "--exit-code"], database.url);
      expect(diff.status, `drift:\n${diff.stdout}\n${diff.stderr}`).toBe(0);

      const status = prisma(["migrate", "status"], database.url);
      expect(status.stdout).toContain("Database schema is up to date!");
    } finally {
      await dropTestDatabase(database);
    }
  }, 120_000);
});
