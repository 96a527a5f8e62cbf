import { expect, test } from "./support/fixtures";

test.describe.configure({ mode: "serial" });

test("templates: compare two versions word by word, then roll back", async ({ app, signIn, agentWorkspace: data, db }) => {
  await signIn(data.owner.email);
  await app.templates.goto(data.workspace.slug);
  await app.templates.open("Support Triage");
  await expect(app.template.active(2)).toBeVisible();

  // Versions tab. Default comparison: the active version against its parent.
  await app.template.openTab("Versions");
  await expect(app.page.getByTestId("diff-after").locator("ins").first()).toContainText("quickly");
  await expect(app.page.getByTestId("diff-before").locator("del").first()).toBeVisible();
  await app.page.screenshot({ caret: "initial", path: "test-results/screens/template-diff.png", fullPage: true });

  // Another pair: only the address and the diff change.
  await app.page.getByLabel("From version").selectOption("2");
  await app.page.getByLabel("To version").selectOption("1");
  await expect(app.page).toHaveURL(/a=2&b=1|b=1&a=2/);
  await expect(app.page.getByTestId("diff-before").locator("del").first()).toContainText("quickly");

  await app.template.rollBackTo(1);
  await expect(app.template.active(1)).toBeVisible();
  await app.template.openTab("Overview");
  await expect(app.template.activeDirectives).toContainText("Always ask for the order number.");
  const versions = await db.templateVersion.count({ where: { templateId: data.template.id } });
  expect(versions).toBe(2); // a rollback creates no version
});

test("decision inbox: reject a change item with a reason, confirm another", async ({ app, signIn, agentWorkspace: data, db }) => {
  const { inbox } = app;
  await signIn(data.owner.email);
  await inbox.goto(data.workspace.slug);
  const estimate = inbox.item("Estimate 20 minutes");
  await estimate.getByRole("button", { name: "Reject" }).click();
  const form = inbox.rejectForm(estimate);
  await form.getByRole("button", { name: "Reject" }).click();
  await expect(form.getByText(/Say why you reject it/)).toBeVisible(); // a reason is required
  await form.getByLabel(/Why reject this proposal/).fill("Refunds take longer: finance must approve");
  await form.getByRole("button", { name: "Reject" }).click();
  await expect(app.page.getByText("1 item rejected.")).toBeVisible();
  await expect(inbox.items).toHaveCount(1);

  await inbox.items.getByRole("button", { name: "Confirm" }).click();
  await expect(app.page.getByText("1 item confirmed · 1 applied to tasks.")).toBeVisible();
  const decision = await db.changeDecision.findFirstOrThrow({ where: { templateId: data.template.id, verdict: "rejected" } });
  expect(decision.reason).toBe("Refunds take longer: finance must approve");
  expect((await db.task.findUniqueOrThrow({ where: { id: data.task.id } })).status).toBe("in_progress");
});

test("rate a run on the agent page", async ({ app, signIn, agentWorkspace: data, db }) => {
  await signIn(data.owner.email);
  await app.agent.goto(data.workspace.slug, data.agent.id);
  const row = app.agent.runRows.first();
  await app.agent.rate(row, "0.85");
  await expect(row.getByRole("button", { name: "Saved 0.85" })).toBeVisible();
  await expect.poll(async () => (await db.wakeRun.findUniqueOrThrow({ where: { id: data.run.id } })).userRating).toBeCloseTo(0.85);
  await app.page.screenshot({ caret: "initial", path: "test-results/screens/agent.png", fullPage: true });
});

test("search finds an observation by a phrase and highlights it", async ({ app, signIn, agentWorkspace: data }) => {
  await signIn(data.owner.email);
  await app.search.goto(data.workspace.slug);
  await app.search.search(`"duplicate ticket"`);
  const hits = app.search.hits;
  await expect(hits).toHaveCount(1);
  await expect(hits.first().locator("mark")).toHaveText(["duplicate", "ticket"]);
  await expect(hits.first()).toContainText(data.stamp);
  await app.page.screenshot({ caret: "initial", path: "test-results/screens/search.png", fullPage: true });
});

test("a viewer sees everything but cannot act", async ({ app, signIn, agentWorkspace: data }) => {
  await signIn(data.viewer.email);
  const slug = data.workspace.slug;
  await app.template.goto(slug, data.template.id);
  await expect(app.template.activeDirectives).toBeVisible();
  await expect(app.page.getByRole("button", { name: /Roll back|Promote|Edit directives/ })).toHaveCount(0);
  await app.template.openTab("Versions");
  await expect(app.template.versionRows).toHaveCount(2);
  await expect(app.page.getByRole("button", { name: /Roll back|Promote/ })).toHaveCount(0);
  await app.templates.goto(slug);
  await expect(app.templates.newTemplateLink).toHaveCount(0);
  await app.agent.goto(slug, data.agent.id);
  await expect(app.agent.runRows).toHaveCount(1);
  await expect(app.agent.ratingSliders).toHaveCount(0);
  await app.inbox.goto(slug, "?tab=deferred");
  await app.tasks.goto(slug);
  await expect(app.tasks.newTaskForm).toHaveCount(0);
  await expect(app.tasks.rows).toHaveCount(1);
});
