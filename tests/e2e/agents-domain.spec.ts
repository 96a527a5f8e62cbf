import { expect, test } from "@playwright/test";
import { signInByEmail } from "./support/auth";
import { createAgentWorkspace, db } from "./support/fixtures";

test.describe.configure({ mode: "serial" });

let data: Awaited<ReturnType<typeof createAgentWorkspace>>;
test.beforeAll(async () => {
  data = await createAgentWorkspace();
});
test.afterAll(async () => {
  await db().$disconnect();
});

test("templates: compare two versions word by word, then roll back", async ({ page }) => {
  await signInByEmail(page, data.owner.email);
  await page.goto(`/w/${data.workspace.slug}/templates`);
  await page.getByRole("link", { name: "Support Triage" }).click();
  await expect(page.getByText("Active: v2")).toBeVisible();

  // Default comparison: the active version against its parent.
  await expect(page.getByTestId("diff-after").locator("ins").first()).toContainText("quickly");
  await expect(page.getByTestId("diff-before").locator("del").first()).toBeVisible();
  await page.screenshot({ path: "test-results/screens/template-diff.png", fullPage: true });

  await page.getByTestId("version-row").filter({ hasText: "v1" }).getByRole("button", { name: "Roll back to v1" }).click();
  await page.getByRole("button", { name: "Confirm roll back" }).click();
  await expect(page.getByText("Active: v1")).toBeVisible();
  await expect(page.getByTestId("active-directives")).toContainText("Always ask for the order number.");
  const versions = await db().templateVersion.count({ where: { templateId: data.template.id } });
  expect(versions).toBe(2); // a rollback creates no version
});

test("decision inbox: reject a change item with a reason, confirm another", async ({ page }) => {
  await signInByEmail(page, data.owner.email);
  await page.goto(`/w/${data.workspace.slug}/inbox`);
  const estimate = page.getByTestId("inbox-item").filter({ hasText: "Estimate 20 minutes" });
  await estimate.getByRole("button", { name: "Reject" }).click();
  const form = estimate.getByRole("form", { name: "Reject with a reason" });
  await form.getByRole("button", { name: "Reject" }).click();
  await expect(form.getByText(/Say why you reject it/)).toBeVisible(); // a reason is required
  await form.getByLabel(/Why reject this proposal/).fill("Refunds take longer: finance must approve");
  await form.getByRole("button", { name: "Reject" }).click();
  await expect(page.getByText("1 item rejected.")).toBeVisible();
  await expect(page.getByTestId("inbox-item")).toHaveCount(1);

  await page.getByTestId("inbox-item").getByRole("button", { name: "Confirm" }).click();
  await expect(page.getByText("1 item confirmed · 1 applied to tasks.")).toBeVisible();
  const decision = await db().changeDecision.findFirstOrThrow({ where: { templateId: data.template.id, verdict: "rejected" } });
  expect(decision.reason).toBe("Refunds take longer: finance must approve");
  expect((await db().task.findUniqueOrThrow({ where: { id: data.task.id } })).status).toBe("in_progress");
});

test("rate a run on the agent page", async ({ page }) => {
  await signInByEmail(page, data.owner.email);
  await page.goto(`/w/${data.workspace.slug}/agents/${data.agent.id}`);
  const row = page.getByTestId("run-row").first();
  await row.getByRole("slider", { name: "Rating" }).fill("0.85");
  await row.getByRole("button", { name: "Save rating" }).click();
  await expect(row.getByRole("button", { name: "Saved" })).toBeVisible();
  await expect.poll(async () => (await db().wakeRun.findUniqueOrThrow({ where: { id: data.run.id } })).userRating).toBeCloseTo(0.85);
  await page.screenshot({ path: "test-results/screens/agent.png", fullPage: true });
});

test("search finds an observation by a phrase and highlights it", async ({ page }) => {
  await signInByEmail(page, data.owner.email);
  await page.goto(`/w/${data.workspace.slug}/search`);
  await page.getByLabel("Search query").fill(`"duplicate ticket"`);
  await page.getByRole("button", { name: "Search" }).click();
  const hits = page.getByTestId("search-hit");
  await expect(hits).toHaveCount(1);
  await expect(hits.first().locator("mark")).toHaveText(["duplicate", "ticket"]);
  await expect(hits.first()).toContainText(data.stamp);
  await page.screenshot({ path: "test-results/screens/search.png", fullPage: true });
});

test("a viewer sees everything but cannot act", async ({ page }) => {
  await signInByEmail(page, data.viewer.email);
  const base = `/w/${data.workspace.slug}`;
  await page.goto(`${base}/templates/${data.template.id}`);
  await expect(page.getByTestId("active-directives")).toBeVisible();
  await expect(page.getByRole("button", { name: /Roll back|Promote|Edit directives/ })).toHaveCount(0);
  await page.goto(`${base}/templates`);
  await expect(page.getByRole("link", { name: "New template" })).toHaveCount(0);
  await page.goto(`${base}/agents/${data.agent.id}`);
  await expect(page.getByTestId("run-row")).toHaveCount(1);
  await expect(page.getByRole("slider", { name: "Rating" })).toHaveCount(0);
  await page.goto(`${base}/inbox?tab=deferred`);
  await page.goto(`${base}/tasks`);
  await expect(page.getByRole("form", { name: "New task" })).toHaveCount(0);
  await expect(page.getByTestId("task-row")).toHaveCount(1);
});
