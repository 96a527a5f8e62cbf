import { TemplatePage } from "./pages";
import { expect, test } from "./support/fixtures";
import { waitForLink } from "./support/mail";

// The weekly ritual end to end: real SMTP, the built-in model, the local workflow executor inside
// the production server. "Run ritual now" → the ritual classifies the feedback, analyses and proposes → the
// email with a signed deep link → the review page → approve → a new head version, the session
// completed, the notification read; a user of another workspace following the link gets 404.

const REVIEW_SUBJECT = /Review the weekly proposal for Support Triage/;
const REVIEW_LINK = /http:\/\/localhost:\d+\/w\/[a-z0-9-]+\/rituals\/[A-Za-z0-9]+\?n=[A-Za-z0-9_-]+&sig=[A-Za-z0-9_-]+/;

test("run ritual now → email → review page → approve: v2 is active, the session completed, the notification read; outsiders get 404", async ({ app, signIn, asUser, ritualWorkspace: data, db }) => {
  test.setTimeout(180_000);
  const { page, template, ritualReview: review } = app;
  const slug = data.workspace.slug;
  const templateHref = TemplatePage.path(slug, data.template.id);
  await signIn(data.owner.email);

  await test.step("the template page shows the weekly ritual in the workspace's time zone; the owner runs it now", async () => {
    await page.goto(templateHref);
    const panel = template.ritualPanel;
    await expect(panel.getByRole("heading", { name: "Weekly ritual" })).toBeVisible();
    await expect(panel).toContainText("Every Monday at 09:00 (Europe/Berlin)");
    await expect(panel.getByTestId("next-ritual")).toHaveText(/^Mon \d{1,2} [A-Z][a-z]{2}, 09:00 Europe\/Berlin$/);
    await expect(template.lastRitual).toHaveCount(0);
    await template.runRitualNow();
    await expect(template.ritualStarted).toBeVisible();
    await page.screenshot({ caret: "initial", path: "test-results/screens/ritual-panel.png", fullPage: false });
  });

  const session = await test.step("the local executor runs the ritual up to the review", async () => {
    await expect
      .poll(async () => (await db.evolutionSession.findFirst({ where: { templateId: data.template.id, origin: "ritual" } }))?.status, { timeout: 90_000, intervals: [500] })
      .toBe("awaiting_review");
    return db.evolutionSession.findFirstOrThrow({ where: { templateId: data.template.id, origin: "ritual" } });
  });

  const link = await test.step("the review email arrives with a signed link to the review page", async () => {
    const found = await waitForLink(data.owner.email, { subject: REVIEW_SUBJECT, link: REVIEW_LINK, nth: 1 });
    expect(found).toContain(`/w/${slug}/rituals/${session.id}?n=`);
    // The member is notified too; nobody outside the workspace is.
    await waitForLink(data.member.email, { subject: REVIEW_SUBJECT, link: REVIEW_LINK, nth: 1 });
    expect(await db.notification.count({ where: { userId: data.outsider.id } })).toBe(0);
    return found;
  });

  await test.step("following the link signed in: the review shows the classified feedback, the notes and the proposal diff", async () => {
    await page.goto(link);
    await expect(page).toHaveURL(new RegExp(`/w/${slug}/rituals/${session.id}`));
    const header = review.header;
    await expect(header).toContainText("Weekly ritual #1");
    await expect(header.getByRole("heading", { name: "Support Triage" })).toBeVisible();
    await expect(review.status).toHaveText("Awaiting review");
    await expect(review.decideBy).toHaveText(/Europe\/Berlin$/);

    const negative = Number(await review.feedback("negative").textContent());
    expect(negative).toBeGreaterThanOrEqual(3);
    await expect(review.feedback("categories").locator('tr[data-category="accuracy"]')).toBeVisible();
    const patterns = review.feedback("patterns");
    await expect(patterns).toContainText("accuracy");
    await expect(patterns).toContainText("3 agents");
    await expect(review.hypotheses.first()).toBeVisible();

    const card = review.cards;
    await expect(card).toHaveCount(1);
    await expect(card).toHaveAttribute("data-status", "pending");
    await expect(card).toContainText("Proposed directives · v2");
    await expect(review.card.diff).toContainText("Added: ");
    await expect(review.card.button("Refine in chat")).toBeVisible();
    await page.screenshot({ caret: "initial", path: "test-results/screens/ritual-review.png", fullPage: true });
  });

  await test.step("the opened link marked the owner's notification read (the member's stays unread)", async () => {
    await expect.poll(async () => (await db.notification.findFirstOrThrow({ where: { userId: data.owner.id, kind: "ritual_review" } })).readAt).not.toBeNull();
    expect((await db.notification.findFirstOrThrow({ where: { userId: data.member.id, kind: "ritual_review" } })).readAt).toBeNull();
  });

  await test.step("approve with a rating: v2 is created and active, the session completes", async () => {
    const card = review.card;
    await card.startApproval("0.8");
    // A ritual's review approves and ends; "keep talking" belongs to the chat.
    await expect(card.button("Approve & keep talking")).toHaveCount(0);
    await card.button("Approve with this rating").click();
    await expect(card.root).toHaveAttribute("data-status", "approved");
    await expect(review.status).toHaveText("Completed");
    await expect(review.outcome).toContainText("Approved: v2 of Support Triage was created and is active, rated 0.80.");
    await page.screenshot({ caret: "initial", path: "test-results/screens/ritual-review-approved.png", fullPage: true });
    const stored = await db.evolutionSession.findUniqueOrThrow({ where: { id: session.id } });
    expect(stored).toMatchObject({ status: "completed", userRating: 0.8 });
    const templateRow = await db.agentTemplate.findUniqueOrThrow({ where: { id: data.template.id }, include: { head: true } });
    expect(templateRow.head).toMatchObject({ number: 2, authoredBy: "agent" });
    // The decision resumed the ritual: the post-ritual update writes the weekly summary once.
    await expect.poll(async () => (await db.evolutionSession.findUniqueOrThrow({ where: { id: session.id } })).summaryReportId, { timeout: 30_000 }).not.toBeNull();
  });

  await test.step("the template page shows v2 active and the last ritual's outcome", async () => {
    await page.goto(templateHref);
    await expect(template.active(2)).toBeVisible();
    const last = template.lastRitual;
    await expect(last).toContainText("Ritual #1");
    await expect(last).toContainText("Approved v2");
    await last.getByRole("link", { name: "Ritual #1" }).click();
    await expect(page).toHaveURL(new RegExp(`/w/${slug}/rituals/${session.id}$`));
    await expect(review.outcome).toBeVisible();
  });

  await test.step("the notification list shows it read and approved", async () => {
    await app.notifications.goto(slug);
    const item = app.notifications.item("Support Triage");
    await expect(item).toHaveCount(1);
    await expect(item).toHaveAttribute("data-read", "true");
    await expect(app.notifications.resolution("Support Triage")).toContainText(/^Approved by .+ · [A-Z][a-z]{2} \d{1,2} [A-Z][a-z]{2}, \d{2}:\d{2} Europe\/Berlin$/);
  });

  await test.step("the member's notification is resolved too: it reads approved, the bell no longer counts it, and a GET of the review writes nothing", async () => {
    const member = await asUser(data.member.email);
    const reviewUrl = `/w/${slug}/rituals/${session.id}`;
    const res = await member.page.request.get(reviewUrl); // the page's HTML, no script run
    expect(res.status()).toBe(200);
    expect((await db.notification.findFirstOrThrow({ where: { userId: data.member.id, kind: "ritual_review" } })).readAt).toBeNull();
    await member.notifications.goto(slug);
    const item = member.notifications.item("Support Triage");
    await expect(item).toHaveAttribute("data-resolved", "true");
    await expect(item).toHaveAttribute("data-read", "false");
    await expect(member.notifications.resolution("Support Triage")).toContainText("Approved by Olivia Owner");
    await expect(member.workspace.bell).toHaveAccessibleName("Notifications, 0 open");
    await member.page.screenshot({ caret: "initial", path: "test-results/screens/notification-resolved.png", fullPage: true });
    await member.page.context().close();
  });

  await test.step("the schedule settings list the template's next ritual in the workspace's zone", async () => {
    await app.schedule.goto(slug);
    await expect(page.getByRole("heading", { name: "Ritual schedule" })).toBeVisible();
    const row = app.schedule.row("Support Triage");
    await expect(row.getByTestId("schedule-next")).toHaveText(/^Mon \d{1,2} [A-Z][a-z]{2}, 09:00 Europe\/Berlin$/);
    await expect(app.schedule.preview).toContainText("Europe/Berlin");
    await page.screenshot({ caret: "initial", path: "test-results/screens/ritual-schedule.png", fullPage: true });
  });

  await test.step("a user of another workspace following the link gets 404", async () => {
    const { page: outsider } = await asUser(data.outsider.email);
    const res = await outsider.goto(link);
    expect(res?.status()).toBe(404);
    await expect(outsider.getByText("Weekly ritual #1")).toHaveCount(0);
    await outsider.context().close();
  });
});

test("a ritual that failed says why on its review and on the template page, and a member tries again from the review", async ({ app, signIn, ritualWorkspace: data, db }) => {
  const { page, template, ritualReview: review } = app;
  const slug = data.workspace.slug;
  const reason = "Your OpenAI-compatible server refused the credentials (HTTP 401): an admin should check AI_API_KEY.";
  const failed = await db.evolutionSession.create({
    data: { workspaceId: data.workspace.id, templateId: data.template.id, sessionNumber: 1, origin: "ritual", status: "failed", outcomeNote: reason, completedAt: new Date() },
  });
  await signIn(data.member.email);

  await test.step("the template page's last ritual is marked failed, with the reason", async () => {
    await page.goto(TemplatePage.path(slug, data.template.id));
    await expect(template.lastRitual).toContainText("Failed");
    await expect(template.lastRitual).toContainText("refused the credentials");
  });

  await test.step("the review says the ritual could not finish, why, and that nothing changed; no spinner", async () => {
    await page.goto(`/w/${slug}/rituals/${failed.id}`);
    await expect(review.status).toHaveText("Failed");
    await expect(review.outcome).toContainText("The ritual could not finish.");
    await expect(review.outcome).toContainText(reason);
    await expect(review.outcome).toContainText("Nothing was changed");
    await expect(page.getByText("This page updates by itself")).toHaveCount(0);
    await page.screenshot({ caret: "initial", path: "test-results/screens/ritual-failed.png", fullPage: false });
  });

  await test.step("Try again starts a new ritual for the template", async () => {
    await review.outcome.getByRole("button", { name: "Try again" }).click();
    await expect(review.outcome.getByRole("status")).toContainText("Ritual started");
    await expect.poll(() => db.evolutionSession.count({ where: { templateId: data.template.id, origin: "ritual" } }), { timeout: 30_000 }).toBe(2);
  });
});
