import { expect, test, type APIRequestContext, type BrowserContext, type Page } from "@playwright/test";

// `npm run dev` with nothing configured: the embedded Postgres, the seeded demo workspace, the
// development mailbox and the local workflow executor, used long and concurrently enough that a
// database that breaks under concurrent connections (random 500s, "bind message supplies …
// parameters", sessions that fail to load and bounce the user to /sign-in, lost chat messages)
// fails here. One signed-in session is shared by the tests below, which run in order.

const DEMO_EMAIL = "demo@agent-coach.local";
const BASE = "/w/demo";
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
  await page.goto(BASE);
  const href = await page.getByTestId("template-health-row").getByRole("link", { name, exact: true }).getAttribute("href");
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

test("npm run dev with nothing configured: the demo user signs in through the development mailbox", async ({ page }) => {
  await page.goto(BASE);
  await expect(page).toHaveURL(/\/sign-in\?callbackUrl=%2Fw%2Fdemo/);
  await expect(page.getByText("Development mode: emails land in the")).toBeVisible();

  await page.getByLabel("Email").fill(DEMO_EMAIL);
  await page.getByRole("button", { name: "Email me a sign-in link" }).click();
  await expect(page.getByRole("heading", { name: "Check your email" })).toBeVisible();

  await page.getByRole("link", { name: "Open the development mailbox" }).click();
  const mail = page.getByTestId("mail").filter({ hasText: "Sign in to Agent Coach" }).first();
  await expect(mail).toHaveAttribute("data-to", DEMO_EMAIL);
  await mail.getByRole("link", { name: "Sign in", exact: true }).click();

  await expect(page).toHaveURL(/\/w\/demo$/);
  const guarded = guard(page); // signed in from here on
  await expect(page.getByTestId("current-workspace")).toHaveText("Demo Workspace");
  await expect(page.getByTestId("current-role")).toHaveText("owner");
  await page.getByRole("link", { name: "Members" }).click();
  await expect(page.getByTestId("member-row")).toHaveCount(4); // the seeded team

  // The seeded agents domain: two templates with history, proposals waiting in the inbox.
  await page.getByRole("link", { name: "Templates" }).click();
  // Two task templates, plus the improver (level 1) and meta-improver (level 2) templates behind the rituals.
  await expect(page.locator('[data-testid="template-row"][data-level="0"]')).toHaveCount(2);
  await expect(page.getByTestId("template-row")).toHaveCount(4);
  await page.getByRole("link", { name: /Decisions/ }).click();
  await expect(page.getByTestId("inbox-item").first()).toBeVisible();

  // No provider configured: Settings → Models says the built-in model is active.
  await page.getByRole("link", { name: "Models" }).click();
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
    [template]: [TRIAGE, 'data-testid="metric-wakes"', 'data-testid="version-row"', 'data-testid="ritual-panel"'],
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
  await expect(page.getByTestId("current-workspace")).toHaveText("Demo Workspace");
  guarded.check();
});

test("a walk: dashboard → template dashboard, ritual started → a new task whose agent runs → confirm its proposal", async ({ page }) => {
  test.setTimeout(180_000);
  const guarded = await useSession(page);
  const triage = await templateId(page, TRIAGE);
  const title = `Refund request routed to the wrong queue ${Date.now().toString(36)}`;

  await test.step("the workspace dashboard lists both templates with their health", async () => {
    await page.goto(BASE);
    await expect(page.getByRole("heading", { name: "Demo Workspace" })).toBeVisible();
    await expect(page.getByTestId("template-health-row")).toHaveCount(2); // the two task templates
    await expect(page.getByTestId("template-health-row").filter({ hasText: TRIAGE }).getByTestId("health-quality")).not.toHaveText("");
    await expect(page.getByText(/proposals? waits? for a decision/)).toBeVisible();
  });

  await test.step("the template page shows metrics, the versions and the ritual panel", async () => {
    await page.getByTestId("template-health-row").getByRole("link", { name: TRIAGE, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`${BASE}/templates/${triage}$`));
    await expect(page.getByRole("heading", { name: TRIAGE, level: 1 })).toBeVisible();
    await expect(page.getByText("Active: v4")).toBeVisible();
    await expect(page.getByTestId("metric-wakes").getByTestId("metric-value")).toHaveText(/^[1-9][\d,.]*k?$/);
    await expect(page.getByTestId("metric-quality").getByTestId("metric-value")).toHaveText(/^\d\.\d\d$/);
    await expect(page.getByTestId("version-performance-row")).toHaveCount(4);
    await expect(page.getByTestId("version-row")).toHaveCount(4);
    await expect(page.locator('[data-testid="version-row"][data-version="4"]')).toContainText("Improver agent");
  });

  await test.step("run the template's weekly ritual now: the local executor works on it in the background from here on", async () => {
    const panel = page.getByTestId("ritual-panel");
    await expect(panel.getByRole("heading", { name: "Weekly ritual" })).toBeVisible();
    await expect(panel.getByTestId("last-ritual")).toHaveCount(0); // the seeded sessions were one-on-ones
    await panel.getByRole("button", { name: "Run ritual now" }).click();
    await expect(panel.getByText("Ritual started — you'll be notified when the proposal is ready.")).toBeVisible();
    await expect(panel.getByTestId("open-ritual-link")).toHaveText("Ritual #4"); // after the three seeded one-on-ones
  });

  await test.step("create a task with a Support Triage agent; the local executor wakes it", async () => {
    await page.getByRole("link", { name: "Tasks", exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`${BASE}/tasks$`));
    const form = page.getByRole("form", { name: "New task" });
    await form.getByLabel("Title").fill(title);
    await form.getByLabel("Agent template").selectOption({ label: TRIAGE });
    await form
      .getByLabel("Description")
      .fill("An Enterprise customer asks for a refund of a double charge. Check the invoice history. Route it to Billing? Reply to the customer today.");
    await form.getByRole("button", { name: "Create task" }).click();
    await expect(page.getByRole("heading", { name: title })).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`${BASE}/tasks/[^/]+$`));
    // The page follows the run live and shows the proposals once it is done.
    await expect(page.getByRole("heading", { name: "Waiting for a decision" })).toBeVisible({ timeout: 90_000 });
    await expect(page.getByTestId("live-status")).toHaveText("Idle");
    await page.screenshot({ path: "test-results/screens/embedded-task.png", fullPage: true });
  });

  await test.step("confirm one of its proposals in the inbox: it is applied to the task", async () => {
    await page.getByRole("link", { name: "Decide in the inbox" }).click();
    await expect(page).toHaveURL(new RegExp(`${BASE}/inbox\\?task=[^&]+$`));
    await expect(page.getByTestId("inbox-filter")).toContainText(title);
    const item = page.getByTestId("inbox-item").filter({ hasText: title }).filter({ hasText: "checklist item" }).first();
    await expect(item).toBeVisible();
    await item.getByRole("button", { name: "Confirm" }).click();
    await expect(page.getByText(/1 item confirmed · 1 applied to tasks\./)).toBeVisible();
    await page.getByTestId("inbox-item").filter({ hasText: title }).first().getByRole("link", { name: title, exact: true }).click();
    await expect(page.getByRole("heading", { name: title })).toBeVisible();
    await expect(page.getByText(/^0 of [1-9]\d* done$/)).toBeVisible();
  });

  guarded.check();
});

test("a one-on-one chat turn with the improver is streamed and still there after a reload", async ({ page }) => {
  test.setTimeout(150_000);
  const guarded = await useSession(page);
  const notes = await templateId(page, RELEASE_NOTES);
  const question = "What feedback did the release notes get since the last session?";
  const conversation = page.getByRole("list", { name: "Conversation" });
  const answered = () => expect(conversation).toHaveAttribute("aria-busy", "false", { timeout: 30_000 });

  await page.goto(`${BASE}/templates/${notes}`);
  await page.getByRole("link", { name: "One-on-one", exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`${BASE}/templates/${notes}/one-on-one$`));
  await expect(page.getByRole("heading", { name: "No session open" })).toBeVisible();
  await page.getByRole("button", { name: "Start a one-on-one" }).click();

  // The improver's opening streams in first (next dev compiles the chat route on this first call).
  await expect(page.getByTestId("assistant-message").first()).toContainText("Shall I propose a change", { timeout: 60_000 });
  await answered();

  const input = page.getByLabel("Message the improver");
  await input.fill(question);
  await input.press("Enter");
  await expect(input).toHaveValue("");
  await expect(page.getByTestId("user-message")).toHaveCount(1);
  await expect(page.getByTestId("user-message")).toContainText(question);
  await expect(page.getByTestId("assistant-message")).toHaveCount(2, { timeout: 30_000 });
  await answered();
  const answer = page.getByTestId("assistant-message").nth(1);
  await expect(answer).toContainText("Feedback:");
  await expect(answer).toContainText("Want me to propose a change based on this?");
  const answerText = (await answer.textContent())!.replace(/\s+/g, " ").trim();

  // Both turns were saved: a reload shows them from the database.
  await page.reload();
  await expect(page.getByTestId("user-message")).toHaveCount(1);
  await expect(page.getByTestId("user-message")).toContainText(question);
  await expect(page.getByTestId("assistant-message")).toHaveCount(2);
  await expect(page.getByTestId("assistant-message").first()).toContainText("Shall I propose a change");
  await expect(page.getByTestId("assistant-message").nth(1)).toHaveText(answerText);
  await expect(page.getByText("Session #", { exact: false }).first()).toBeVisible();
  await expect(input).toBeEditable();
  await page.screenshot({ path: "test-results/screens/embedded-one-on-one.png", fullPage: true });
  guarded.check();
});

test("the ritual started above: the review page → the review email in the development mailbox → approve → v5 is active", async ({ page }) => {
  test.setTimeout(150_000);
  const guarded = await useSession(page);
  const triage = await templateId(page, TRIAGE);
  const templateHref = `${BASE}/templates/${triage}`;
  const panel = page.getByTestId("ritual-panel");

  await test.step("the template page links to the ritual under way; its review page follows it until it awaits review", async () => {
    await page.goto(templateHref);
    await panel.getByTestId("open-ritual-link").click();
    await expect(page).toHaveURL(new RegExp(`${BASE}/rituals/[^/?]+$`));
    await expect(page.getByTestId("ritual-header")).toContainText(TRIAGE);
    await expect(page.getByTestId("ritual-header")).toContainText("Weekly ritual #4");
    // The page refreshes itself while the local executor classifies, analyses and proposes.
    await expect(page.getByTestId("ritual-status")).toHaveText("Awaiting review", { timeout: 90_000 });
  });
  const reviewPath = new URL(page.url()).pathname;

  await test.step("the review email in the development mailbox links to the review page", async () => {
    await page.goto(`/dev/mailbox?to=${encodeURIComponent(DEMO_EMAIL)}`);
    const mail = page.getByTestId("mail").filter({ hasText: `Review the weekly proposal for ${TRIAGE}` });
    await expect(mail).toHaveCount(1);
    await expect(mail).toHaveAttribute("data-to", DEMO_EMAIL);
    await mail.getByRole("link", { name: "Review the proposal" }).click();
    await expect(page).toHaveURL(new RegExp(`${reviewPath}\\?n=`));
  });

  await test.step("the review shows the feedback, the notes and the proposal; approving creates v5", async () => {
    await expect(page.getByTestId("ritual-status")).toHaveText("Awaiting review");
    await expect(page.getByTestId("ritual-feedback-totals")).toBeVisible();
    await expect(page.getByTestId("ritual-notes").locator('[data-kind="hypothesis"]').first()).toBeVisible();
    const card = page.getByTestId("proposal-card");
    await expect(card).toHaveCount(1);
    await expect(card).toContainText("Proposed directives · v5");
    await expect(card.getByTestId("proposal-diff")).toContainText("Added: ");
    await page.screenshot({ path: "test-results/screens/embedded-ritual-review.png", fullPage: true });
    await expect(card).toHaveAttribute("data-status", "pending"); // not a draft: it can be approved
    await card.getByRole("button", { name: "Approve", exact: true }).click();
    await card.getByRole("slider").fill("0.8");
    await card.getByRole("button", { name: "Approve with this rating" }).click();
    await expect(card).toHaveAttribute("data-status", "approved");
    await expect(page.getByTestId("ritual-status")).toHaveText("Completed");
    await expect(page.getByTestId("ritual-outcome")).toContainText(`Approved: v5 of ${TRIAGE} was created and is active, rated 0.80.`);
  });

  await test.step("the template page shows v5 active, authored by the improver, and the last ritual", async () => {
    await page.goto(templateHref);
    await expect(page.getByText("Active: v5")).toBeVisible();
    await expect(page.locator('[data-testid="version-row"][data-version="5"]')).toContainText("Improver agent");
    await expect(panel.getByTestId("last-ritual")).toContainText("Ritual #4");
    await expect(panel.getByTestId("last-ritual")).toContainText("Approved v5");
  });

  guarded.check();
});
