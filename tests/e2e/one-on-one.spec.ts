import { DECISION_HINT, rejectionMessage } from "../../src/ai/prompts/improver-constants";
import { REPLAY_CHECK_EXPLAINED } from "../../src/features/replay/explain";
import { OneOnOnePage, TemplatePage } from "./pages";
import { recordServerAction, replayServerAction } from "./support/actions";
import { expect, test } from "./support/fixtures";
import { createOpenSessionWithProposal, DOMINANT_CATEGORY, DUE_DATE_LINE, DUE_DATE_REQUEST } from "./support/scenarios/one-on-one";

// The interactive one-on-one with the built-in improver (no AI provider in e2e: deterministic).

const REJECTION = "Too long — keep only the due-date rule.";
/** The clause an observation asks for (a reason with every estimate): in the first proposal, dropped by the revision. */
const ACCURACY_CLAUSE = "Give every estimate a one-line rationale.";

const chatUrl = (slug: string, templateId: string) => `/api/workspaces/${slug}/templates/${templateId}/one-on-one`;

test("owner: the opening streams, a proposal is rejected with a reason and revised, the session resumes after a reload, approval creates v2", async ({ app, signIn, oneOnOneWorkspace: data, db }) => {
  test.setTimeout(120_000);
  const { page, oneOnOne } = app;
  const templateHref = TemplatePage.path(data.workspace.slug, data.template.id);
  await signIn(data.owner.email);
  await page.goto(templateHref);
  await app.template.oneOnOneLink.click();
  await expect(page).toHaveURL(new RegExp(`${templateHref}/one-on-one$`));
  await expect(page.getByRole("heading", { name: "No session open" })).toBeVisible();
  await expect(page.getByText("This template has not had a one-on-one yet.")).toBeVisible();

  await test.step("start: the improver's opening streams in, names the dominant complaint and keeps a reflection note", async () => {
    // Count the distinct lengths the first answer goes through: a streamed answer grows in steps.
    await page.evaluate(() => {
      const seen = new Set<number>();
      (window as unknown as { openingLengths: Set<number> }).openingLengths = seen;
      new MutationObserver(() => {
        const first = document.querySelector('[data-testid="assistant-message"]');
        if (first) seen.add(first.textContent?.length ?? 0);
      }).observe(document.body, { subtree: true, childList: true, characterData: true });
    });
    await oneOnOne.start();
    const opening = oneOnOne.assistantMessages.first();
    await expect(opening).toContainText(DOMINANT_CATEGORY, { timeout: 30_000 });
    await expect(opening.getByTestId("note-chip")).toContainText("Noted (reflection):");
    await oneOnOne.waitForAnswer();
    await expect(opening).toContainText(`I would work on: ${DOMINANT_CATEGORY}`);
    await expect(opening).toContainText("Shall I propose a change");
    expect(await page.evaluate(() => (window as unknown as { openingLengths: Set<number> }).openingLengths.size), "the opening arrived in several steps").toBeGreaterThan(3);
    await expect(page.getByText("Session #1")).toBeVisible();
    await expect(page.getByText("Active", { exact: true })).toBeVisible();
    await expect(page.getByTestId("session-summary")).toContainText(`Most negative: ${DOMINANT_CATEGORY}`);
    await expect(oneOnOne.sessionList).toContainText("open");
    // The opening request itself is not shown as a chat bubble.
    await expect(oneOnOne.userMessages).toHaveCount(0);
    await expect.poll(() => db.evolutionNote.count({ where: { templateId: data.template.id, kind: "reflection" } })).toBe(1);
  });

  const { cards, input } = oneOnOne;

  await test.step("ask for a change: a pending proposal with the requested line in its diff", async () => {
    await oneOnOne.send(DUE_DATE_REQUEST);
    await expect(input).toHaveValue("");
    await expect(oneOnOne.userMessages).toHaveCount(1);
    await expect(oneOnOne.userMessages).toContainText(DUE_DATE_REQUEST);
    await expect(cards).toHaveCount(1, { timeout: 30_000 });
    await oneOnOne.waitForAnswer();
    await expect(cards.first()).toHaveAttribute("data-status", "pending");
    await expect(cards.first()).toContainText("Proposed directives · v2");
    const diff = cards.first().getByTestId("proposal-diff");
    await expect(diff).toContainText(`Added: - ${DUE_DATE_LINE}`);
    await expect(diff).toContainText(ACCURACY_CLAUSE);
    await expect(oneOnOne.assistantMessages.last()).toContainText("Approve it with a rating, reject it with a reason, or keep talking.");
    // The replay check runs in the app's job runner and shows its result on the card.
    await expect(cards.first().getByTestId("replay-result")).toHaveAttribute("data-status", "done", { timeout: 30_000 });
    await expect(cards.first().getByTestId("replay-summary")).toHaveText(/runs? replayed|No recorded runs to replay/);
    // What "Replay check" means, in one line on the card.
    await expect(cards.first().getByTestId("replay-explained")).toHaveText(REPLAY_CHECK_EXPLAINED);
    // The header's numbers lay out in one row at common widths (each label on one line), and wrap on a phone.
    for (const width of [1280, 1440]) {
      await page.setViewportSize({ width, height: 900 });
      const labels = page.getByTestId("session-summary").locator("dt");
      for (const dt of await labels.all()) expect((await dt.boundingBox())!.height, `a summary label on one line at ${width} px`).toBeLessThan(20);
      const counts = page.getByTestId("summary-feedback").locator("dd span");
      for (const span of await counts.all()) expect((await span.boundingBox())!.height, `a feedback count on one line at ${width} px`).toBeLessThan(24);
      await page.getByTestId("session-summary").screenshot({ path: `test-results/screens/one-on-one-summary-${width}.png` });
    }
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByTestId("session-summary").screenshot({ path: "test-results/screens/one-on-one-summary-390.png" });
    await page.setViewportSize({ width: 1280, height: 720 });
    await page.screenshot({ caret: "initial", path: "test-results/screens/one-on-one-proposal.png", fullPage: true });
  });

  await test.step("reject with a reason: the reason is sent as the next turn and the improver revises", async () => {
    const first = cards.first();
    await oneOnOne.card(0).rejectWithReason(REJECTION);
    await expect(oneOnOne.userMessages.last()).toContainText(rejectionMessage(REJECTION));
    await expect(cards).toHaveCount(2, { timeout: 30_000 });
    await oneOnOne.waitForAnswer();
    await expect(first).toHaveAttribute("data-status", "rejected");
    await expect(first).toContainText(`Rejected by Olivia Owner: ${REJECTION}`);
    const second = cards.nth(1);
    await expect(second).toHaveAttribute("data-status", "pending");
    await expect(second.getByTestId("proposal-diff")).toContainText(`Added: - ${DUE_DATE_LINE}`);
    await expect(second.getByTestId("proposal-diff")).not.toContainText(ACCURACY_CLAUSE);
    await expect(first.getByRole("button", { name: "Approve", exact: true })).toHaveCount(0);
  });

  await test.step("reload mid-session: the transcript comes back from the database, nothing is re-sent", async () => {
    await page.reload();
    await expect(cards).toHaveCount(2);
    await expect(cards.nth(0)).toHaveAttribute("data-status", "rejected");
    await expect(cards.nth(1)).toHaveAttribute("data-status", "pending");
    await expect(oneOnOne.userMessages).toHaveCount(2);
    await expect(oneOnOne.userMessages.first()).toContainText(DUE_DATE_REQUEST);
    await expect(oneOnOne.assistantMessages).toHaveCount(3);
    await expect(oneOnOne.noteChips).toHaveCount(3); // reflection, hypothesis, decision
    // The viewer's own turns read "You", live and after a reload alike.
    await expect(page.getByText("Session opened — the improver reviews")).toBeVisible();
    await expect(oneOnOne.userMessages.first()).toContainText("You");
    await expect(input).toBeEditable();
    expect(await db.evolutionMessage.count({ where: { session: { templateId: data.template.id } } })).toBe(6);
  });

  await test.step("regenerate the newest answer: it is replaced, not added to, and its proposal with it", async () => {
    const replaced = await db.proposal.findFirstOrThrow({ where: { session: { templateId: data.template.id }, status: "pending" } });
    await oneOnOne.regenerate();
    await oneOnOne.waitForAnswer();
    await expect(cards).toHaveCount(2, { timeout: 30_000 });
    await expect(cards.nth(1)).toHaveAttribute("data-status", "pending");
    await expect(oneOnOne.assistantMessages).toHaveCount(3);
    await expect.poll(() => db.evolutionMessage.count({ where: { session: { templateId: data.template.id } } })).toBe(6);
    expect(await db.proposal.findUniqueOrThrow({ where: { id: replaced.id } })).toMatchObject({ status: "superseded" });
    await page.reload();
    await expect(cards).toHaveCount(2);
  });

  await test.step("approve the revision with a rating and finish: v2 is created and the session completes", async () => {
    const second = oneOnOne.card(1);
    await second.startApproval("0.9");
    await expect(second.root.getByText("0.90", { exact: true })).toBeVisible();
    await second.button("Approve & finish session").click();
    await expect(page.getByRole("link", { name: "Template · v2" })).toBeVisible();
    await expect(oneOnOne.sessionList).toContainText("→ v2 · 0.90");
    await page.screenshot({ caret: "initial", path: "test-results/screens/one-on-one-after-finish.png", fullPage: true });

    // The finished session's transcript stays readable from the session list.
    await oneOnOne.sessionList.getByRole("link", { name: /#1/ }).click();
    await expect(page).toHaveURL(/\?session=/);
    await expect(page.getByText("Completed", { exact: true })).toBeVisible();
    await expect(page.getByRole("status").filter({ hasText: "Completed" })).toContainText("rated 0.90 · created v2.");
    await expect(cards).toHaveCount(2);
    await expect(cards.nth(1)).toHaveAttribute("data-status", "approved");
    await expect(cards.nth(1)).toContainText("Approved by Olivia Owner as v2, rated 0.90");
    // Decided: the improver's "Approve it with a rating…" under it is gone.
    await expect(page.getByText(DECISION_HINT)).toHaveCount(0);
    await expect(oneOnOne.input).toHaveCount(0);
    await page.screenshot({ caret: "initial", path: "test-results/screens/one-on-one-approved.png", fullPage: true });

    const session = await db.evolutionSession.findFirstOrThrow({ where: { templateId: data.template.id } });
    expect(session).toMatchObject({ status: "completed", userRating: 0.9, approvedMutations: 1 });
  });

  await test.step("the template page shows v2, authored by the improver agent, as active", async () => {
    await page.getByRole("link", { name: "Template · v2" }).click();
    await expect(page).toHaveURL(new RegExp(`${templateHref}$`));
    const { template } = app;
    await expect(template.active(2)).toBeVisible();
    await expect(template.oneOnOneLink).toBeVisible(); // no session open any more
    await template.openTab("Versions");
    const row = template.versionRow(2);
    await expect(row).toContainText("Improver agent");
    await expect(template.versionRows).toHaveCount(2);
    await template.openTab("Overview");
    await expect(template.activeDirectives).toContainText(DUE_DATE_LINE);
    await expect(template.activeDirectives).not.toContainText(ACCURACY_CLAUSE);
  });
});

test("viewer: reads an open session but cannot decide or chat; replayed approve and chat turns answer 403; outsiders get 404", async ({ app, signIn, asUser, oneOnOneWorkspace: data, db, expectConsoleError }) => {
  test.setTimeout(120_000);
  // The owner's approve request is aborted below on purpose.
  expectConsoleError(/Failed to load resource: net::ERR_FAILED/);
  const { page, oneOnOne } = app;
  const { session, proposal } = await createOpenSessionWithProposal(data, db);
  const slug = data.workspace.slug;
  const url = OneOnOnePage.path(slug, data.template.id);

  const approve = await test.step("the owner's approve is recorded (and never reaches the server)", async () => {
    const { page: owner } = await asUser(data.owner.email);
    await owner.goto(url);
    const card = new OneOnOnePage(owner).card(0);
    await expect(card.root).toHaveAttribute("data-status", "pending");
    await card.button("Approve", true).click();
    // Only the request is recorded: aborting it keeps the proposal pending for the viewer's replay.
    await owner.route("**/*", (route) => (route.request().method() === "POST" && route.request().headers()["next-action"] ? route.abort() : route.fallback()));
    const recorded = await recordServerAction(owner, () => card.button("Approve & finish session").click());
    // No answer came: the card says so instead of doing nothing.
    await expect(card.root).toContainText("Could not reach the server. Check your connection and try again.");
    // The recording is a working call: the owner's replay passes the role check and reaches the service.
    const missing = await replayServerAction(owner.request, recorded, [{ workspaceSlug: slug, proposalId: "no-such-proposal", rating: 1, finish: true }]);
    expect(missing).toMatchObject({ ok: false, error: { status: 404 } });
    await owner.context().close();
    return recorded;
  });

  await test.step("the viewer reads the transcript and the proposal, with no way to act", async () => {
    await signIn(data.viewer.email);
    await page.goto(url);
    await expect(page.getByText("Session #1")).toBeVisible();
    await expect(oneOnOne.userMessages).toHaveCount(1);
    await expect(oneOnOne.userMessages).toContainText(DUE_DATE_REQUEST);
    await expect(oneOnOne.assistantMessages).toHaveCount(2);
    await expect(oneOnOne.assistantMessages.first()).toContainText(DOMINANT_CATEGORY);
    await expect(oneOnOne.noteChips).toHaveCount(2);
    const card = oneOnOne.card(0);
    await expect(card.root).toHaveAttribute("data-status", "pending");
    await expect(card.diff).toContainText(`Added: - ${DUE_DATE_LINE}`);
    await expect(page.getByRole("button", { name: /^(Approve|Reject|Keep talking|Abandon|Finish session)$/ })).toHaveCount(0);
    await expect(oneOnOne.input).toHaveCount(0);
    await expect(page.getByTestId("context-panel")).toBeVisible();
    await expect(oneOnOne.sessionList).toContainText("#1");
    await page.screenshot({ caret: "initial", path: "test-results/screens/one-on-one-viewer.png", fullPage: true });
    // No chat opened on the viewer's behalf.
    expect(await db.evolutionMessage.count({ where: { sessionId: session.id } })).toBe(4);

    await oneOnOne.goto(slug, data.quiet.id);
    await expect(page.getByText("Viewers can read past sessions but not start one.")).toBeVisible();
    await expect(oneOnOne.startButton).toHaveCount(0);
  });

  await test.step("a replayed approve and a crafted chat turn from the viewer answer 403", async () => {
    const result = await replayServerAction(page.request, approve, [{ workspaceSlug: slug, proposalId: proposal.id, rating: 1, finish: true }]);
    expect(result).toMatchObject({ ok: false, error: { status: 403, code: "FORBIDDEN" } });
    const chat = await page.request.post(chatUrl(slug, data.template.id), {
      data: { sessionId: session.id, message: { role: "user", parts: [{ type: "text", text: "Approve it for me." }] } },
    });
    expect(chat.status()).toBe(403);
    expect((await db.proposal.findUniqueOrThrow({ where: { id: proposal.id } })).status).toBe("pending");
    expect(await db.templateVersion.count({ where: { templateId: data.template.id } })).toBe(1);
    expect(await db.evolutionMessage.count({ where: { sessionId: session.id } })).toBe(4);
  });

  await test.step("a member of another workspace gets 404 for the page, the chat route and the approve action", async () => {
    const { page: outsider } = await asUser(data.outsider.email);
    const res = await outsider.goto(url);
    expect(res?.status()).toBe(404);
    await expect(outsider.getByText("Session #1")).toHaveCount(0);
    const chat = await outsider.request.post(chatUrl(slug, data.template.id), {
      data: { sessionId: session.id, message: { role: "user", parts: [{ type: "text", text: "Hello?" }] } },
    });
    expect(chat.status()).toBe(404);
    const replayed = await replayServerAction(outsider.request, approve, [{ workspaceSlug: slug, proposalId: proposal.id, rating: 1, finish: true }]);
    expect(replayed).toMatchObject({ ok: false, error: { status: 404 } });
    await outsider.context().close();
    expect((await db.proposal.findUniqueOrThrow({ where: { id: proposal.id } })).status).toBe("pending");
  });
});
