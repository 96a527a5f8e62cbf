import { test as base, type BrowserContext } from "@playwright/test";
import { watchConsole } from "./console";
import { disconnectFactoryDb, factoryDb, type FactoryDb } from "../../factories";
import { pagesOf, type App } from "../pages";
import { signInByEmail } from "./auth";
import { createAgentWorkspace } from "./scenarios/agents";
import { createDashboardWorkspace } from "./scenarios/dashboards";
import { createFeedbackWorkspace, createLabelQueueWorkspace } from "./scenarios/feedback";
import { createOneOnOneWorkspace } from "./scenarios/one-on-one";
import { createRitualWorkspace } from "./scenarios/ritual";
import { createRuntimeWorkspace } from "./scenarios/runtime";

// The e2e fixture layer: specs import `test` and `expect` from here. Fixtures give page objects
// on the test's page (`app`), more signed-in users in browsers of their own (`asUser`, `browse`),
// the run's database (`db`, the factories' client) and seeded workspaces (./scenarios, written with
// the factories straight to the database, since the app's services are server-only).

type Fixtures = {
  /**
   * Console messages a test expects (e.g. the browser's own "Failed to load resource … 404" when it
   * visits a page it may not see): `test.use({ allowConsoleErrors: [/status of 404/] })`. Any other
   * console error or uncaught page error fails the test.
   */
  allowConsoleErrors: RegExp[];
  /** The console errors seen so far in every browser context of the test, and those it declared (checked at its end). */
  consoleErrors: { seen: string[]; expected: RegExp[] };
  /** Declares a console error this test causes on purpose (e.g. a request it aborts), by pattern. */
  expectConsoleError: (pattern: RegExp) => void;
  /** The page objects of the test's page. */
  app: App;
  /** Signs the test's page in by magic link (the real email flow). */
  signIn: (email: string) => Promise<void>;
  /** Another person in a browser context of their own, signed in; closed after the test. */
  asUser: (email: string) => Promise<App>;
  /** A fresh, signed-out browser context; closed after the test. */
  browse: () => Promise<App>;
  dashboardWorkspace: Awaited<ReturnType<typeof createDashboardWorkspace>>;
  feedbackWorkspace: Awaited<ReturnType<typeof createFeedbackWorkspace>>;
  labelQueueWorkspace: Awaited<ReturnType<typeof createLabelQueueWorkspace>>;
  runtimeWorkspace: Awaited<ReturnType<typeof createRuntimeWorkspace>>;
  oneOnOneWorkspace: Awaited<ReturnType<typeof createOneOnOneWorkspace>>;
  ritualWorkspace: Awaited<ReturnType<typeof createRitualWorkspace>>;
};

type WorkerFixtures = {
  db: FactoryDb;
  /** One workspace per worker, shared by the tests that ask for it (the agents-domain spec's, which run in order). */
  agentWorkspace: Awaited<ReturnType<typeof createAgentWorkspace>>;
};

export const test = base.extend<Fixtures, WorkerFixtures>({
  db: [
    async ({}, provide) => {
      await provide(factoryDb());
      await disconnectFactoryDb();
    },
    { scope: "worker" },
  ],
  agentWorkspace: [async ({ db }, provide) => provide(await createAgentWorkspace(db)), { scope: "worker" }],

  allowConsoleErrors: [[], { option: true }],
  expectConsoleError: async ({ consoleErrors }, provide) => provide((pattern) => void consoleErrors.expected.push(pattern)),
  consoleErrors: async ({ allowConsoleErrors }, provide, testInfo) => {
    const errors = { seen: [] as string[], expected: [...allowConsoleErrors] };
    await provide(errors);
    const unexpected = errors.seen.filter((e) => !errors.expected.some((re) => re.test(e)));
    // Only a test that otherwise passed is failed for its console: a failing one already says why.
    if (unexpected.length > 0 && testInfo.status === testInfo.expectedStatus) {
      throw new Error(`The browser logged ${unexpected.length} console error(s):\n${unexpected.map((e) => `  - ${e}`).join("\n")}`);
    }
  },
  context: async ({ context, consoleErrors }, provide) => {
    watchConsole(context, consoleErrors.seen);
    await provide(context);
  },
  app: async ({ page }, provide) => provide(pagesOf(page)),
  signIn: async ({ page }, provide) => provide((email) => signInByEmail(page, email)),
  browse: async ({ browser, consoleErrors }, provide) => {
    const contexts: BrowserContext[] = [];
    await provide(async () => {
      const context = await browser.newContext();
      watchConsole(context, consoleErrors.seen);
      contexts.push(context);
      return pagesOf(await context.newPage());
    });
    for (const context of contexts) await context.close();
  },
  asUser: async ({ browse }, provide) =>
    provide(async (email) => {
      const app = await browse();
      await signInByEmail(app.page, email);
      return app;
    }),

  dashboardWorkspace: async ({ db }, provide) => provide(await createDashboardWorkspace(db)),
  feedbackWorkspace: async ({ db }, provide) => provide(await createFeedbackWorkspace(db)),
  labelQueueWorkspace: async ({ db }, provide) => provide(await createLabelQueueWorkspace(db)),
  runtimeWorkspace: async ({ db }, provide) => provide(await createRuntimeWorkspace(db)),
  oneOnOneWorkspace: async ({ db }, provide) => provide(await createOneOnOneWorkspace(db)),
  ritualWorkspace: async ({ db }, provide) => provide(await createRitualWorkspace(db)),
});

export { expect } from "@playwright/test";
