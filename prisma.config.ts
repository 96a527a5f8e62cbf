import { chmodSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { defineConfig } from "prisma/config";

// Offline: the CLI runs its schema engine through prisma/schema-engine-wasm.mjs (the Wasm build
// of the same engine, @prisma/schema-engine-wasm) instead of downloading a native binary.
const engine = path.join(path.dirname(fileURLToPath(import.meta.url)), "prisma", "schema-engine-wasm.mjs");
try {
  chmodSync(engine, 0o755);
} catch {}
process.env.PRISMA_SCHEMA_ENGINE_BINARY ??= engine;

// DATABASE_URL, else the embedded PostgreSQL that `npm run dev` or `npm run db:embedded` is
// running (it records its URL beside its data directory), else a URL that says what to do.
function embeddedUrl(): string | undefined {
  try {
    const dir = path.resolve(process.env.EMBEDDED_DB_DIR || ".data/postgres");
    return JSON.parse(readFileSync(`${dir}.json`, "utf8")).url;
  } catch {
    return undefined;
  }
}
const url = process.env.DATABASE_URL || embeddedUrl() || "postgresql://start-npm-run-db-embedded-or-set-DATABASE_URL@127.0.0.1:1/none";

export default defineConfig({
  schema: "prisma/schema.prisma",
  migrations: { path: "prisma/migrations", seed: "node --import tsx --import ./scripts/lib/server-only/register.mjs prisma/seed.ts" },
  datasource: { url },
});
