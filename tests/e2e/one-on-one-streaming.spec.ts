import { rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { OneOnOnePage } from "./pages";
import { startAppProcess, stopAppProcess, type AppProcess } from "./support/app-process";
import { expect, test } from "./support/fixtures";
import { EXTRA_PORT } from "./support/ports";

// The one-on-one as a chat app: suggested first questions, a reload while the improver answers
// (the answer keeps streaming and completes), Stop with Escape, Regenerate, and editing the last
// message with ArrowUp. Answers must take long enough to reload in the middle of one: this spec
// runs its own app process with the built-in model slowed down (AI_BUILTIN_STREAM_DELAY_MS); the
// session cookie from signing in on the suite's server is sent to it too (same host). Where a step
// needs an answer still being written (the reload, Escape), it holds the answer mid-way
// (AI_BUILTIN_STREAM_HOLD_FILE) rather than count on it outlasting a page load: on a busy machine a
// reload outlasted the whole answer.

const PORT = EXTRA_PORT + 5;
const HOLD = path.join(tmpdir(), `agent-coach-stream-hold-${PORT}-${process.pid}`);
/** From now on each stream of an answer stops after `parts` parts, until release(). */
const holdAnswers = (parts: number) => writeFileSync(HOLD, String(parts));
const release = () => rmSync(HOLD, { force: true });
const BASE = `http://localhost:${PORT}`;
let server: AppProcess | null = null;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  release();
  server = startAppProcess(PORT, { AI_BUILTIN_STREAM_DELAY_MS: "100", AI_BUILTIN_STREAM_HOLD_FILE: HOLD });
  await expect
    .poll(async () => (await fetch(`${BASE}/api/ready`).catch(() => null))?.status ?? 0, { timeout: 90_000, intervals: [500] })
    .toBe(200);
});

test.afterAll(async () => {
  release();
  if (server) await stopAppProcess(server, `one-on-one-streaming-${PORT}`);
});

/** The distinct lengths the newest answer's text goes through on this page (a streamed answer grows in steps). */
const watchNewestAnswer = () => {
  const seen = new Set<number>();
  (window as unknown as { answerLengths: Set<number> }).answerLengths = seen;
  new MutationObserver(() => {
    const all = document.querySelectorAll('[data-testid="assistant-message"]');
    const last = all[all.length - 1];
    if (last) seen.add(last.textContent?.length ?? 0);
  }).observe(document, { subtree: true, childList: true, characterData: true });
};

test("suggested questions, a reload mid-answer keeps streaming, Escape stops, Regenerate, ArrowUp edits and resends", async ({ app, signIn, oneOnOneWorkspace: data, db }) => {
  test.setTimeout(420_000);
  const { page, oneOnOne } = app;
  const consoleErrors: string[] = [];
  page.on("console", (m) => (m.type() === "error" ? consoleErrors.push(m.text()) : undefined));
  page.on("pageerror", (e) => consoleErrors.push(e.message));
  await signIn(data.owner.email);
  await page.goto(`${BASE}${OneOnOnePage.path(data.workspace.slug, data.template.id)}`);
  const messages = () => db.evolutionMessage.findMany({ where: { session: { templateId: data.template.id } }, orderBy: [{ createdAt: "asc" }, { id: "asc" }] });
  const suggestions = page.getByTestId("suggested-questions").getByRole("button");
  // Slowed answers take longer than the page object's wait.
  const answered = () => expect(oneOnOne.conversation).toHaveAttribute("aria-busy", "false", { timeout: 90_000 });

  await test.step("the opening, then suggested questions drawn from the feedback, and the shortcuts", async () => {
    await oneOnOne.start();
    await expect(oneOnOne.assistantMessages.first()).toContainText("accuracy", { timeout: 60_000 });
    await expect(suggestions).toHaveCount(0); // not while the opening streams
    await answered();
    await expect.poll(() => suggestions.count()).toBeGreaterThanOrEqual(3);
    expect(await suggestions.count()).toBeLessThanOrEqual(4);
    await expect(suggestions.filter({ hasText: "negative feedback about accuracy" })).toHaveCount(1);
    await expect(page.getByTestId("chat-shortcuts")).toContainText("Enter send · Shift+Enter new line · Esc stop the answer");
    await expect(page.getByRole("button", { name: "Send", exact: true })).toHaveAttribute("aria-keyshortcuts", "Enter");
  });

  await test.step("a suggested question is sent with a click and answered", async () => {
    const question = await suggestions.first().innerText();
    await suggestions.first().click();
    await expect(oneOnOne.userMessages).toHaveCount(1);
    await expect(oneOnOne.userMessages).toContainText(question);
    await expect(suggestions).toHaveCount(0);
    await answered();
    await expect(oneOnOne.assistantMessages).toHaveCount(2);
    await expect(suggestions).toHaveCount(0);
  });

  await test.step("a reload in the middle of an answer keeps streaming it to the end", async () => {
    await page.addInitScript(watchNewestAnswer);
    holdAnswers(8);
    await oneOnOne.send("Ask for the due date of every ticket.");
    // The answer has begun (and is not stored yet): reload.
    await expect(oneOnOne.assistantMessages).toHaveCount(3, { timeout: 30_000 });
    await expect(oneOnOne.assistantMessages.nth(2)).not.toHaveText(/^Improver$/);
    expect((await messages()).filter((m) => m.role === "assistant")).toHaveLength(2);
    await page.reload();
    // After the reload the answer is shown while still being written, then grows again in steps (replayed, then live).
    await expect(oneOnOne.assistantMessages).toHaveCount(3, { timeout: 30_000 });
    await expect(oneOnOne.assistantMessages.nth(2)).not.toHaveText(/^Improver$/);
    expect((await messages()).filter((m) => m.role === "assistant"), "shown while still being written").toHaveLength(2);
    release();
    await expect.poll(() => page.evaluate(() => (window as unknown as { answerLengths: Set<number> }).answerLengths.size), { timeout: 60_000 }).toBeGreaterThan(3);
    await expect(page.getByTestId("improver-still-answering")).toHaveCount(0);
    await answered();
    await expect.poll(async () => (await messages()).filter((m) => m.role === "assistant").length, { timeout: 30_000 }).toBe(3);
    await expect(oneOnOne.cards.last()).toHaveAttribute("data-status", "pending");
    // The whole answer arrived on the reloaded page, as stored.
    const closing = "Approve it with a rating, reject it with a reason, or keep talking.";
    await expect(oneOnOne.assistantMessages.nth(2)).toContainText(closing);
    expect(JSON.stringify((await messages()).at(-1)!.parts)).toContain(closing);
    await page.reload();
    await expect(oneOnOne.assistantMessages.nth(2)).toContainText(closing);
  });

  await test.step("Escape stops the answer being written: what was written is kept, marked stopped", async () => {
    holdAnswers(8);
    await oneOnOne.send("Make the estimates shorter.");
    await expect(page.getByRole("button", { name: "Stop", exact: true })).toHaveAttribute("aria-keyshortcuts", "Escape");
    await expect(oneOnOne.assistantMessages).toHaveCount(4, { timeout: 30_000 });
    await expect(oneOnOne.assistantMessages.nth(3)).not.toHaveText(/^Improver$/);
    await page.keyboard.press("Escape");
    await expect(page.getByRole("button", { name: "Send", exact: true })).toBeVisible();
    await expect(oneOnOne.assistantMessages.nth(3)).toContainText("Stopped before the end.", { timeout: 15_000 });
    const last = (await messages()).at(-1)!;
    expect(last).toMatchObject({ role: "assistant", metadata: { stopped: true } });
    release();
  });

  await test.step("Regenerate replaces the stopped answer", async () => {
    const count = (await messages()).length;
    await oneOnOne.regenerate();
    await expect(page.getByRole("button", { name: "Stop", exact: true })).toBeVisible();
    await answered();
    await expect(oneOnOne.assistantMessages).toHaveCount(4);
    await expect(oneOnOne.assistantMessages.nth(3)).not.toContainText("Stopped before the end.");
    await expect.poll(async () => (await messages()).at(-1)?.metadata).toEqual({});
    expect((await messages()).length).toBe(count);
  });

  await test.step("ArrowUp in the empty box edits the last message; Enter saves it and the improver answers the new text", async () => {
    const count = (await messages()).length;
    const asked = (await messages()).at(-2)!;
    await expect(page.getByRole("button", { name: "Edit", exact: true })).toHaveAttribute("aria-keyshortcuts", "ArrowUp");
    await oneOnOne.input.focus();
    await oneOnOne.input.press("ArrowUp");
    const editor = page.getByLabel("Edit your message");
    await expect(editor).toHaveValue("Make the estimates shorter.");
    await editor.fill("Ask for the order number before estimating.");
    await editor.press("Enter");
    await expect(oneOnOne.userMessages.last()).toContainText("Ask for the order number before estimating.");
    await answered();
    await expect.poll(async () => (await messages()).at(-1)?.role, { timeout: 30_000 }).toBe("assistant");
    await expect.poll(async () => (await messages()).length).toBe(count);
    const edited = await db.evolutionMessage.findUniqueOrThrow({ where: { id: asked.id } });
    expect(edited.parts).toEqual([{ type: "text", text: "Ask for the order number before estimating." }]);
    await page.reload();
    await expect(oneOnOne.userMessages).toHaveCount(3);
    await expect(oneOnOne.userMessages.last()).toContainText("Ask for the order number before estimating.");
    await expect(oneOnOne.userMessages.filter({ hasText: "Make the estimates shorter." })).toHaveCount(0);
  });

  expect(consoleErrors).toEqual([]);
});
