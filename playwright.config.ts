import { defineConfig, devices } from "@playwright/test";
import { APP_PORT, APP_URL, MAIL_API_PORT, SMTP_PORT } from "./tests/e2e/support/ports";

// e2e against the production server as shipped — the standalone build run by
// scripts/standalone.mjs, as `npm start` and the container run it — on the run's Postgres
// (DATABASE_URL, set and migrated by `npm test`) with a real SMTP server. Debian's Chromium;
// never `playwright install`.
export const chromium = {
  ...devices["Desktop Chrome"],
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-dev-shm-usage",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--no-first-run",
    ],
  },
};

const skipBuild = process.env.E2E_SKIP_BUILD === "1";

export default defineConfig({
  testDir: "./tests/e2e",
  timeout: 60_000,
  expect: { timeout: 10_000 },
  // One browser at a time by default (a 2-core machine runs the server, Chromium and the database);
  // E2E_WORKERS runs more side by side (each test seeds workspaces of its own).
  workers: Number(process.env.E2E_WORKERS || 1),
  forbidOnly: !!process.env.CI,
  reporter: [
    ["list"],
    ...(process.env.CI ? [] : ([["html", { open: "never" }]] as const)),
    // `npm test` reads this report back to list what failed under its summary.
    ...(process.env.E2E_JSON_REPORT ? ([["json", { outputFile: process.env.E2E_JSON_REPORT }]] as const) : []),
  ],
  use: { baseURL: APP_URL, trace: "retain-on-failure", screenshot: "only-on-failure" },
  projects: [{ name: "chromium", use: chromium }],
  webServer: [
    {
      command: "node tests/e2e/support/smtp-sink.mjs",
      url: `http://127.0.0.1:${MAIL_API_PORT}/health`,
      env: { SMTP_PORT: String(SMTP_PORT), MAIL_API_PORT: String(MAIL_API_PORT) },
      reuseExistingServer: false,
    },
    {
      // The build is checked against the JavaScript budget per page (scripts/js-budget.mjs) before it serves.
      command: `${skipBuild ? "" : "npx next build && node scripts/js-budget.mjs && "}node scripts/standalone.mjs`,
      url: `${APP_URL}/sign-in`,
      // The production build takes 2–4 minutes on 2 busy cores.
      timeout: 480_000,
      reuseExistingServer: false,
      stdout: "ignore",
      stderr: "pipe",
      env: {
        PORT: String(APP_PORT),
        DATABASE_URL: process.env.DATABASE_URL ?? "",
        APP_URL,
        AUTH_URL: APP_URL,
        AUTH_SECRET: "e2e-secret-0123456789abcdef0123456789abcdef",
        AUTH_TRUST_HOST: "true",
        SMTP_URL: `smtp://127.0.0.1:${SMTP_PORT}`,
        NEXT_TELEMETRY_DISABLED: "1",
        // Cached page figures live a minute here (2 s by default): a page that shows a person's
        // change only because its cache had expired would pass unnoticed otherwise.
        READ_CACHE_TTL_MS: "60000",
        // The webhooks spec's receiver listens on this machine: a private address, refused in production otherwise.
        WEBHOOK_ALLOW_PRIVATE_NETWORKS: "1",
      },
    },
  ],
});
