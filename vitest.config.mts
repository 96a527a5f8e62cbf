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
    // Warnings and errors only: the services' info lines (an access line per API request…) would
    // bury the test report. Tests of the logger build their own.
    env: { LOG_LEVEL: process.env.LOG_LEVEL ?? "warn" },
    projects: [
      { extends: true, test: { name: "unit", include: ["tests/unit/**/*.test.ts"] } },
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
