import { chmodSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { defineConfig } from "@playwright/test";
import { chromium } from "./playwright.config";

// The zero-configuration path: `npm run dev` with no DATABASE_URL and no SMTP_URL, i.e. the
// embedded Postgres, the seeded demo workspace and the development mailbox. Own port and data
// directory, so it never touches a developer's .data/.
const PORT = Number(process.env.E2E_EMBEDDED_PORT ?? 3310);
const dataDir = mkdtempSync(path.join(tmpdir(), "agent-coach-embedded-"));
chmodSync(dataDir, 0o755); // the database runs as the postgres user when tests run as root
process.once("exit", () => rmSync(dataDir, { recursive: true, force: true })); // after the server stopped

export default defineConfig({
  testDir: "./tests/e2e-embedded",
  // Its own folder: Playwright empties a run's outputDir when it starts, and `npm test` runs this
  // suite after the e2e suite, whose failures' traces and screenshots must survive it.
  outputDir: "test-results-embedded",
  timeout: 120_000,
  expect: { timeout: 30_000 }, // next dev compiles each page on first visit
  workers: 1,
  // `npm test` reads the JSON report back to list what failed under its summary.
  reporter: [["list"], ...(process.env.E2E_JSON_REPORT ? ([["json", { outputFile: process.env.E2E_JSON_REPORT }]] as const) : [])],
  use: { baseURL: `http://localhost:${PORT}`, trace: "retain-on-failure", screenshot: "only-on-failure" },
  projects: [{ name: "chromium", use: chromium }],
  webServer: {
    command: "node scripts/app.mjs dev",
    url: `http://localhost:${PORT}/sign-in`,
    timeout: 240_000,
    reuseExistingServer: false,
    stdout: "pipe",
    // SIGTERM (not the default SIGKILL): the app drains, then the embedded database stops cleanly.
    gracefulShutdown: { signal: "SIGTERM", timeout: 60_000 },
    env: {
      PORT: String(PORT),
      DATABASE_URL: "",
      SMTP_URL: "",
      APP_URL: "",
      AUTH_URL: "",
      AUTH_SECRET: "",
      EMBEDDED_DB_DIR: path.join(dataDir, "postgres"),
      EMBEDDED_DB_PORT: "",
      NEXT_TELEMETRY_DISABLED: "1",
      NEXT_DIST_DIR: ".next-e2e-embedded",
      NEXT_DEV_FILESYSTEM_CACHE: "0", // a single cold start: writing the compile cache is CPU spent for nothing
      // The tests visit what they need; a background compile of every first page beside them would
      // only compete for the CPU (the warm-up has its own test: tests/integration/platform/warm-up.test.ts).
      WARM_UP: "0",
    },
  },
});
