import { addMember, makeTaskRows, makeTemplateRow, makeWorkspace } from "../factories";
import { expect, test } from "./support/fixtures";

// The tasks list at scale: 1,000 tasks (one createMany each), counted, paged with keyset cursors
// in the URL, filtered by status and template, ordered by title.

test("1,000 tasks: the count, page 2 and back, a status and template filter, by title", async ({ app, signIn, asUser, db }) => {
  const { workspace, owner } = await makeWorkspace({ owner: { name: "Tomas Tasker" } }, db);
  const viewer = await addMember(workspace.id, "viewer", {}, db);
  const { template: triage } = await makeTemplateRow(workspace.id, { name: "Ticket Triage" }, db);
  const { template: billing } = await makeTemplateRow(workspace.id, { name: "Billing Helper" }, db);
  // 950 triage tasks (every 10th done) and 50 billing tasks (older, with their agents): 1,000 in all.
  await makeTaskRows(workspace.id, 950, { prefix: "Triage", template: triage, status: (i) => (i % 10 === 9 ? "done" : "open") }, db);
  await makeTaskRows(workspace.id, 50, { prefix: "Billing", template: billing, start: new Date(Date.now() - 10 * 86_400_000) }, db);
  const slug = workspace.slug;
  const { tasks } = app;

  await signIn(owner.email);
  await tasks.goto(slug);
  await expect(app.page.getByText("1,000 tasks in this workspace.")).toBeVisible();
  await expect(tasks.range).toHaveText("1–50 of 1,000");
  await expect(tasks.rows).toHaveCount(50);
  await expect(tasks.rows.first()).toContainText("Triage 950"); // newest first

  await tasks.next();
  await expect(tasks.range).toHaveText("51–100 of 1,000");
  await expect(tasks.rows.first()).toContainText("Triage 900");
  expect(new URL(app.page.url()).searchParams.get("after")).toBeTruthy();
  await app.page.screenshot({ caret: "initial", path: "test-results/screens/tasks-page-2.png", fullPage: false });
  // A reload of page 2 is page 2 (the cursor is in the URL).
  await app.page.reload();
  await expect(tasks.range).toHaveText("51–100 of 1,000");
  await tasks.previous();
  await expect(tasks.range).toHaveText("1–50 of 1,000");
  await expect(tasks.rows.first()).toContainText("Triage 950");

  await tasks.filter({ status: "Done", template: "Ticket Triage" });
  await expect(app.page.getByText("95 tasks match.")).toBeVisible();
  await expect(tasks.range).toHaveText("1–50 of 95");
  const url = new URL(app.page.url());
  expect(url.searchParams.get("status")).toBe("done");
  expect(url.searchParams.get("template")).toBe(triage.id);
  await tasks.next();
  await expect(tasks.range).toHaveText("51–95 of 95");
  await expect(tasks.rows).toHaveCount(45);
  await expect(app.page.getByRole("navigation", { name: "Pages" }).getByRole("link", { name: "Next →" })).toHaveCount(0);
  expect(new URL(app.page.url()).searchParams.get("status")).toBe("done"); // paging keeps the filters

  await tasks.goto(slug, `?template=${billing.id}&sort=title`);
  await expect(tasks.range).toHaveText("1–50 of 50");
  await expect(tasks.rows.first()).toContainText("Billing 01");
  await expect(tasks.rows.first()).toContainText("Billing Helper");
  await expect(tasks.filterForm.getByLabel("Order")).toHaveValue("title");

  // A hand-edited URL falls back to no filter / the first page, never an error page.
  const res = await app.page.goto(`/w/${slug}/tasks?status=sleeping&after=garbage&sort=sideways`);
  expect(res?.status()).toBe(200);
  await expect(tasks.range).toHaveText("1–50 of 1,000");
  // A template that is not one of the workspace's matches nothing.
  const unknown = await app.page.goto(`/w/${slug}/tasks?template=${encodeURIComponent("<script>")}`);
  expect(unknown?.status()).toBe(200);
  await expect(app.page.getByText("No tasks match")).toBeVisible();

  // A viewer reads the same list (without the New task form).
  const asViewer = await asUser(viewer.email);
  await asViewer.tasks.goto(slug, "?status=done");
  await expect(asViewer.tasks.range).toHaveText("1–50 of 95");
  await expect(asViewer.tasks.newTaskForm).toHaveCount(0);
});
