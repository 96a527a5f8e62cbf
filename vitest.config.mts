import { availableParallelism } from "node:os";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

const src = fileURLToPath(new URL("./src", import.meta.url));
const stub = fileURLToPath(new URL("./tests/support/empty-module.ts", import.meta.url));

export default defineConfig({
  resolve: {
    alias: [
      { find: /^@\//, replacement: `${src}/` },
      // "server-only" throws outside React Server Components; tests run services directly.
      { find: /^server-only$/, replacement: stub },
    ],
  },
  test: {
    environment: "node",
    // Vitest's default is one worker per core but one: a single worker on CI's 2 cores, where the
    // integration files mostly wait on PostgreSQL. Every file makes its own workspaces, so files run
    // side by side safely; 3 workers on 2 cores took the suite from ≈ 440 s to ≈ 180–250 s.
    maxWorkers: Math.min(6, availableParallelism() + 1),
    // Warnings and errors only: the services' info lines (an access line per API request…) would
    // bury the test report. Tests of the logger build their own.
    env: { LOG_LEVEL: process.env.LOG_LEVEL ?? "warn" },
    projects: [
      // Some unit tests are seeded simulations (probation's error rates, the decision model's shuffled
      // labels): ≈ 2 s alone, 8 s on a loaded 2-core machine, past Vitest's 5 s default.
      { extends: true, test: { name: "unit", include: ["tests/unit/**/*.test.ts"], testTimeout: 30_000 } },
      {
        extends: true,
        test: {
          name: "integration",
          include: ["tests/integration/**/*.test.ts"],
          globalSetup: ["tests/support/integration-global-setup.ts"],
          setupFiles: ["tests/support/integration-setup.ts"],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
