import { chmodSync } from "node:fs";
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

// Same default as src/env.ts: the embedded Postgres started by `npm run dev`.
const url = process.env.DATABASE_URL || "postgresql://postgres@127.0.0.1:54322/postgres";

export default defineConfig({
  schema: "prisma/schema.prisma",
  migrations: { path: "prisma/migrations", seed: "tsx prisma/seed.ts" },
  datasource: { url },
});
