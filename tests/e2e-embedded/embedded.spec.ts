import type { APIRequestContext, BrowserContext, Page } from "@playwright/test";
import { pagesOf } from "../e2e/pages";
import { expect, test } from "../e2e/support/fixtures";

// `npm run dev` with nothing configured: the embedded Postgres, the seeded demo workspace, the
// development mailbox and the local workflow executor, used long and concurrently enough that a
// database that breaks under concurrent connections (random 500s, "bind message supplies …
// parameters", sessions that fail to load and bounce the user to /sign-in, lost chat messages)
// fails here. One signed-in session is shared by the tests below, which run in order.

const DEMO_EMAIL = "demo@agent-coach.local";
const SLUG = "demo";
const BASE = `/w/${SLUG}`;
const APP_PORT = "3310"; // playwright.embedded.config.ts
/** Seeded templates (prisma/seed/support-triage.ts, release-notes.ts). */
const TRIAGE = "Support Triage Agent";
const RELEASE_NOTES = "Release Notes Writer";

/** What Next renders instead of the page when something failed on the server. */
const ERROR_MARKERS = [
  "Internal Server Error",
  "Application error",
  "Unhandled Runtime Error",
  'id="__next_error__"',
  "__next-page-redirect", // a redirect() that happened after the response started streaming
  "NEXT_REDIRECT",
  "This page could not be found",
];

test.describe.configure({ mode: "serial" });

let signedIn: Awaited<ReturnType<BrowserContext["storageState"]>> | undefined;
const templateIds = new Map<string, string>();

/**
 * Records, for the rest of the test, every main-frame navigation to /sign-in and every answer
 * of 500 or more from the app; `check()` asserts there were none.
 */
function guard(page: Page) {
  const bounced: string[] = [];
  const failed: string[] = [];
  page.on("framenavigated", (frame) => {
    if (frame === page.mainFrame() && new URL(frame.url()).pathname.startsWith("/sign-in")) bounced.push(frame.url());
  });
  page.on("response", (res) => {
    if (res.status() >= 500 && new URL(res.url()).port === APP_PORT) failed.push(`${res.status()} ${res.request().method()} ${res.url()}`);
  });
  return {
    check() {
      expect(bounced, `bounced to /sign-in ${bounced.length} times`).toEqual([]);
      expect(failed, `${failed.length} answers of 500 or more`).toEqual([]);
    },
  };
}

async function useSession(page: Page) {
  expect(signedIn, "the sign-in test ran first").toBeTruthy();
  await page.context().addCookies(signedIn!.cookies);
  return guard(page);
}

async function templateId(page: Page, name: string) {
  const known = templateIds.get(name);
  if (known) return known;
  const workspace = pagesOf(page).workspace;
  await workspace.goto(SLUG);
  const href = await workspace.healthRows.getByRole("link", { name, exact: true }).getAttribute("href");
  const id = href?.match(/\/templates\/([^/?#]+)$/)?.[1];
  expect(id, `the dashboard links to ${name}`).toBeTruthy();
  templateIds.set(name, id!);
  return id!;
}

/** GETs `path` without following redirects; returns what is wrong with the answer, if anything. */
async function loadProblem(request: APIRequestContext, path: string, mustContain: string[]): Promise<string | null> {
  try {
    const res = await request.get(path, { maxRedirects: 0, timeout: 90_000 });
    if (res.status() !== 200) return `${path}: HTTP ${res.status()}${res.headers().location ? ` → ${res.headers().location}` : ""}`;
    const html = await res.text();
    const marker = ERROR_MARKERS.find((m) => html.includes(m));
    if (marker) return `${path}: the page contains "${marker}"`;
    const missing = mustContain.find((m) => !html.includes(m));
    if (missing) return `${path}: the page lacks ${missing}`;
    return null;
  } catch (e) {
    return `${path}: ${(e as Error).message.split("\n")[0]}`;
  }
}

test("npm run dev with nothing configured: the demo user signs in through the development mailbox", async ({ app }) => {
  const { page, workspace } = app;
  await workspace.goto(SLUG);
  await expect(page).toHaveURL(/\/sign-in\?callbackUrl=%2Fw%2Fdemo/);
  await expect(page.getByText("Development mode: emails land in the")).toBeVisible();
  // The server answers while the demo seed still runs beside it; the page says so until it is done.
  await expect(async () => {
    await page.reload();
    await expect(page.getByText("The demo workspace is still being prepared")).toHaveCount(0);
  }).toPass({ timeout: 120_000, intervals: [1_000, 2_000, 5_000] });

  await app.signIn.requestLink(DEMO_EMAIL);
  await expect(app.signIn.checkYourEmail).toBeVisible();

  await page.getByRole("link", { name: "Open the development mailbox" }).click();
  const mail = app.mailbox.mail("Sign in to Agent Coach").first();
  await expect(mail).toHaveAttribute("data-to", DEMO_EMAIL);
  await mail.getByRole("link", { name: "Sign in", exact: true }).click();

  await expect(page).toHaveURL(/\/w\/demo$/);
  const guarded = guard(page); // signed in from here on
  await expect(workspace.currentWorkspace).toHaveText("Demo Workspace");
  await expect(workspace.currentRole).toHaveText("Owner");
  await workspace.navLink("Members").click();
  await expect(app.members.memberRows).toHaveCount(4); // the seeded team

  // The seeded agents domain: two templates with history, proposals waiting in the inbox.
  await workspace.navLink("Templates").click();
  // Two task templates, plus the improver (level 1) and meta-improver (level 2) templates behind the rituals.
  await expect(app.templates.rowsOfLevel(0)).toHaveCount(2);
  await expect(app.templates.rows).toHaveCount(4);
  await workspace.navLink(/Decisions/).click();
  await expect(app.inbox.items.first()).toBeVisible();

  // No provider configured: Settings → Models says the built-in model is active.
  await workspace.navLink("Models").click();
  await expect(page.getByText("Built-in deterministic model").first()).toBeVisible();

  guarded.check();
  signedIn = await page.context().storageState();
});

test("50 concurrent page loads by the signed-in user all render (no 500, no bounce to /sign-in, no error page)", async ({ page, playwright, baseURL }) => {
  test.setTimeout(150_000);
  const guarded = await useSession(page);
  const triage = await templateId(page, TRIAGE);
  const dashboard = BASE;
  const template = `${BASE}/templates/${triage}`;
  const expected: Record<string, string[]> = {
    [dashboard]: ["Demo Workspace", 'data-testid="template-health-row"', TRIAGE, RELEASE_NOTES],
    [template]: [TRIAGE, 'data-testid="metric-wakes"', 'data-testid="active-directives"', 'data-testid="ritual-panel"'],
  };

  // next dev compiles a page on its first visit: load each once, alone.
  for (const path of [dashboard, template]) expect(await loadProblem(page.request, path, expected[path]), `warm-up load of ${path}`).toBeNull();

  const paths = Array.from({ length: 50 }, (_, i) => (i % 2 ? template : dashboard)); // 25 + 25, interleaved
  const started = Date.now();
  const problems = (await Promise.all(paths.map((p) => loadProblem(page.request, p, expected[p])))).filter((p): p is string => p !== null);
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  expect(problems, `${problems.length} of ${paths.length} concurrent loads failed (${seconds} s): ${problems.slice(0, 5).join(" | ")}`).toEqual([]);
  console.log(`[embedded] ${paths.length} concurrent page loads in ${seconds} s, 0 errors`);

  // Control: the same check catches a session the server fails to load (what a failing database
  // did: the page treated the user as signed out and redirected to /sign-in).
  const session = signedIn!.cookies.find((c) => /session-token/.test(c.name));
  expect(session, "the session cookie").toBeTruthy();
  const stranger = await playwright.request.newContext({ baseURL, storageState: { cookies: [{ ...session!, value: "not-a-session" }], origins: [] } });
  expect(await loadProblem(stranger, dashboard, expected[dashboard]), "a request with an unknown session is flagged").toMatch(/sign-in|NEXT_REDIRECT|__next-page-redirect/);
  await stranger.dispose();

  // And the session still works in the browser afterwards.
  await page.goto(dashboard);
  await expect(pagesOf(page).workspace.currentWorkspace).toHaveText("Demo Workspace");
  guarded.check();
});

test("a walk: dashboard → template dashboard, ritual started → a new task whose agent runs → confirm its proposal", async ({ app }) => {
  test.setTimeout(180_000);
  const { page, workspace, template, inbox, task } = app;
  const guarded = await useSession(page);
  const triage = await templateId(page, TRIAGE);
  const title = `Refund request routed to the wrong queue ${Date.now().toString(36)}`;

  await test.step("the workspace dashboard lists both templates with their health", async () => {
    await workspace.goto(SLUG);
    await expect(page.getByRole("heading", { name: "Demo Workspace" })).toBeVisible();
    await expect(workspace.healthRows).toHaveCount(2); // the two task templates
    await expect(workspace.healthRow(TRIAGE).getByTestId("health-quality")).not.toHaveText("");
    await expect(page.getByText(/proposals? waits? for a decision/)).toBeVisible();
  });

  await test.step("the template page shows metrics and, in its tabs, the per-version performance and the versions", async () => {
    await workspace.openTemplate(TRIAGE);
    await expect(page).toHaveURL(new RegExp(`${BASE}/templates/${triage}$`));
    await expect(page.getByRole("heading", { name: TRIAGE, level: 1 })).toBeVisible();
    await expect(template.active(4)).toBeVisible();
    await expect(template.metricValue("wakes")).toHaveText(/^[1-9][\d,.]*k?$/);
    await expect(template.metricValue("quality")).toHaveText(/^\d\.\d\d$/);
    await template.openTab("Performance");
    await expect(page.getByTestId("version-performance-row")).toHaveCount(4);
    await template.openTab("Versions");
    await expect(template.versionRows).toHaveCount(4);
    await expect(template.versionRow(4)).toContainText("Improver agent");
    await template.openTab("Overview");
  });

  await test.step("run the template's weekly ritual now: the local executor works on it in the background from here on", async () => {
    const panel = template.ritualPanel;
    await expect(panel.getByRole("heading", { name: "Weekly ritual" })).toBeVisible();
    await expect(template.lastRitual).toHaveCount(0); // the seeded sessions were one-on-ones
    await template.runRitualNow();
    await expect(template.ritualStarted).toBeVisible();
    await expect(panel.getByTestId("open-ritual-link")).toHaveText("Ritual #4"); // after the three seeded one-on-ones
  });

  await test.step("create a task with a Support Triage agent; the local executor wakes it", async () => {
    await workspace.navLink("Tasks", true).click();
    await expect(page).toHaveURL(new RegExp(`${BASE}/tasks$`));
    await app.tasks.createTask({
      title,
      template: TRIAGE,
      description: "An Enterprise customer asks for a refund of a double charge. Check the invoice history. Route it to Billing? Reply to the customer today.",
    });
    await expect(task.heading(title)).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`${BASE}/tasks/[^/]+$`));
    // The page follows the run live and shows the proposals once it is done.
    await expect(task.waitingForDecision).toBeVisible({ timeout: 90_000 });
    await expect(task.liveStatus).toHaveText("Idle");
    await page.screenshot({ caret: "initial", path: "test-results-embedded/screens/embedded-task.png", fullPage: true });
  });

  await test.step("confirm one of its proposals in the inbox: it is applied to the task", async () => {
    await page.getByRole("link", { name: "Decide in the inbox" }).click();
    await expect(page).toHaveURL(new RegExp(`${BASE}/inbox\\?task=[^&]+$`));
    await expect(inbox.filter).toContainText(title);
    const item = inbox.item(title, "checklist item").first();
    await expect(item).toBeVisible();
    await item.getByRole("button", { name: "Confirm" }).click();
    await expect(page.getByText(/1 item confirmed · 1 applied to tasks\./)).toBeVisible();
    await inbox.item(title).first().getByRole("link", { name: title, exact: true }).click();
    await expect(task.heading(title)).toBeVisible();
    await expect(page.getByText(/^0 of [1-9]\d* done$/)).toBeVisible();
  });

  guarded.check();
});

test("a one-on-one chat turn with the improver is streamed and still there after a reload", async ({ app }) => {
  // The first chat call compiles its route under next dev: 52 s once on a loaded 2-core machine.
  test.setTimeout(240_000);
  const { page, oneOnOne } = app;
  const guarded = await useSession(page);
  const notes = await templateId(page, RELEASE_NOTES);
  const question = "What feedback did the release notes get since the last session?";

  await app.template.goto(SLUG, notes);
  await app.template.oneOnOneLink.click();
  await expect(page).toHaveURL(new RegExp(`${BASE}/templates/${notes}/one-on-one$`));
  await expect(page.getByRole("heading", { name: "No session open" })).toBeVisible();
  await oneOnOne.start();

  // The improver's opening streams in first (next dev compiles the chat route on this first call).
  await expect(oneOnOne.assistantMessages.first()).toContainText("Shall I propose a change", { timeout: 150_000 });
  await oneOnOne.waitForAnswer();

  const { input } = oneOnOne;
  await oneOnOne.send(question);
  await expect(input).toHaveValue("");
  await expect(oneOnOne.userMessages).toHaveCount(1);
  await expect(oneOnOne.userMessages).toContainText(question);
  await expect(oneOnOne.assistantMessages).toHaveCount(2, { timeout: 30_000 });
  await oneOnOne.waitForAnswer();
  const answer = oneOnOne.assistantMessages.nth(1);
  await expect(answer).toContainText("Feedback:");
  await expect(answer).toContainText("Want me to propose a change based on this?");
  const answerText = (await answer.textContent())!.replace(/\s+/g, " ").trim();

  // Both turns were saved: a reload shows them from the database.
  await page.reload();
  await expect(oneOnOne.userMessages).toHaveCount(1);
  await expect(oneOnOne.userMessages).toContainText(question);
  await expect(oneOnOne.assistantMessages).toHaveCount(2);
  await expect(oneOnOne.assistantMessages.first()).toContainText("Shall I propose a change");
  await expect(oneOnOne.assistantMessages.nth(1)).toHaveText(answerText);
  await expect(page.getByText("Session #", { exact: false }).first()).toBeVisible();
  await expect(input).toBeEditable();
  await page.screenshot({ caret: "initial", path: "test-results-embedded/screens/embedded-one-on-one.png", fullPage: true });
  guarded.check();
});

test("the ritual started above: the review page → the review email in the development mailbox → approve → v5 is active", async ({ app }) => {
  test.setTimeout(150_000);
  const { page, template, ritualReview: review } = app;
  const guarded = await useSession(page);
  const triage = await templateId(page, TRIAGE);

  await test.step("the template page links to the ritual under way; its review page follows it until it awaits review", async () => {
    await template.goto(SLUG, triage);
    await template.ritualPanel.getByTestId("open-ritual-link").click();
    await expect(page).toHaveURL(new RegExp(`${BASE}/rituals/[^/?]+$`));
    await expect(review.header).toContainText(TRIAGE);
    await expect(review.header).toContainText("Weekly ritual #4");
    // The page refreshes itself while the local executor classifies, analyses and proposes.
    await expect(review.status).toHaveText("Awaiting review", { timeout: 90_000 });
  });
  const reviewPath = new URL(page.url()).pathname;

  await test.step("the review email in the development mailbox links to the review page", async () => {
    await app.mailbox.goto(DEMO_EMAIL);
    const mail = app.mailbox.mail(`Review the weekly proposal for ${TRIAGE}`);
    await expect(mail).toHaveCount(1);
    await expect(mail).toHaveAttribute("data-to", DEMO_EMAIL);
    await mail.getByRole("link", { name: "Review the proposal" }).click();
    await expect(page).toHaveURL(new RegExp(`${reviewPath}\\?n=`));
  });

  await test.step("the review shows the feedback, the notes and the proposal; approving creates v5", async () => {
    await expect(review.status).toHaveText("Awaiting review");
    await expect(review.feedback("totals")).toBeVisible();
    await expect(review.hypotheses.first()).toBeVisible();
    const { card } = review;
    await expect(review.cards).toHaveCount(1);
    await expect(card.root).toContainText("Proposed directives · v5");
    await expect(card.diff).toContainText("Added: ");
    await page.screenshot({ caret: "initial", path: "test-results-embedded/screens/embedded-ritual-review.png", fullPage: true });
    await expect(card.root).toHaveAttribute("data-status", "pending"); // not a draft: it can be approved
    await card.approve("0.8", "Approve with this rating");
    await expect(card.root).toHaveAttribute("data-status", "approved");
    await expect(review.status).toHaveText("Completed");
    await expect(review.outcome).toContainText(`Approved: v5 of ${TRIAGE} was created and is active, rated 0.80.`);
  });

  await test.step("the template page shows v5 active, authored by the improver, and the last ritual", async () => {
    await template.goto(SLUG, triage);
    await expect(template.active(5)).toBeVisible();
    await expect(template.lastRitual).toContainText("Ritual #4");
    await expect(template.lastRitual).toContainText("Approved v5");
    await template.openTab("Versions");
    await expect(template.versionRow(5)).toContainText("Improver agent");
  });

  guarded.check();
});
