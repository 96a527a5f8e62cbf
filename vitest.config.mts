import { readdirSync, readFileSync } from "node:fs";
import { availableParallelism } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

const src = fileURLToPath(new URL("./src", import.meta.url));
const stub = fileURLToPath(new URL("./tests/support/empty-module.ts", import.meta.url));

// Test files share one module graph per worker (isolate: false): each file used to load the app's
// modules afresh, and that import time was a third of the suite's CPU. A file that replaces modules
// or the environment for itself (vi.mock, vi.stubEnv, process.env assignments…) would leak that into
// the files after it, so such files are found here by what they contain and run isolated, in a
// project of their own. Tests of services share nothing else: every file makes its own workspaces.
const NEEDS_ISOLATION = /\bvi\.(mock|doMock|unmock|stubEnv|stubGlobal|resetModules)\(|process\.env(\.\w+|\[[^\]]+\])\s*=[^=]|delete process\.env/;
function testFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: "utf8" })
    .filter((f) => f.endsWith(".test.ts"))
    .map((f) => path.posix.join(dir, f.split(path.sep).join("/")));
}
// VITEST_ISOLATE=1 isolates every file (does a failure come from sharing?).
const isolateAll = process.env.VITEST_ISOLATE === "1";
function split(dir: string) {
  const isolated = testFiles(dir).filter((f) => NEEDS_ISOLATION.test(readFileSync(f, "utf8")));
  return { shared: { include: [`${dir}/**/*.test.ts`], exclude: isolated, isolate: isolateAll }, isolated: { include: isolated.length ? isolated : ["no-such-file"], isolate: true } };
}
const unit = split("tests/unit");
const integration = split("tests/integration");

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
      { extends: true, test: { name: "unit", ...unit.shared, testTimeout: 30_000 } },
      { extends: true, test: { name: "unit-isolated", ...unit.isolated, testTimeout: 30_000 } },
      ...(["integration", "integration-isolated"] as const).map((name) => ({
        extends: true as const,
        test: {
          name,
          ...(name === "integration" ? integration.shared : integration.isolated),
          globalSetup: ["tests/support/integration-global-setup.ts"],
          setupFiles: ["tests/support/integration-setup.ts"],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      })),
    ],
  },
});
