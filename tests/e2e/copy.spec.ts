import { addMember, makeAgentRow, makeRunRow, makeTemplateRow, makeWorkspace } from "../factories";
import { expect, test } from "./support/fixtures";

// Words people read every day: one badge per fact on a run, counts in the singular when there is
// one, and every text field saying its length limit before and after a too-long entry.

test("a run says succeeded once; a template with one agent says 1 instance; a too-long task title names the limit", async ({ app, signIn, db }) => {
  const { workspace, owner } = await makeWorkspace({ owner: { name: "Cora Copy" } }, db);
  await addMember(workspace.id, "member", {}, db);
  const { template, head } = await makeTemplateRow(workspace.id, { name: "Copy Desk" }, db);
  const agent = await makeAgentRow(template, { displayName: "Copy · One" }, db);
  const run = await makeRunRow(agent, { templateVersionId: head.id, outcome: "SUCCESS", qualityScore: 0.95, iterations: 1, finishedAt: new Date() }, db);
  const slug = workspace.slug;
  await signIn(owner.email);

  await app.run.goto(slug, agent.id, run.id);
  await expect(app.page.getByRole("heading", { name: "Run of Copy · One" })).toBeVisible();
  await expect(app.page.getByRole("main").getByText("succeeded", { exact: true })).toHaveCount(1);
  await expect(app.page.getByText("SUCCESS", { exact: true })).toHaveCount(0);

  await app.template.goto(slug, template.id);
  await expect(app.page.getByText("1 instance", { exact: true })).toBeVisible();

  await app.tasks.goto(slug);
  const form = app.tasks.newTaskForm;
  await expect(form.getByText("At most 200 characters.")).toBeVisible();
  await expect(form.getByText("At most 10,000 characters.")).toBeVisible();
  await form.getByLabel("Title").fill("x".repeat(10_000));
  await form.getByRole("button", { name: "Create task" }).click();
  await expect(form.getByText("Use at most 200 characters (this is 10,000).")).toBeVisible();
  await expect(form.getByText("A title is required.")).toHaveCount(0);
  expect(await db.task.count({ where: { workspaceId: workspace.id } })).toBe(0);
  await app.page.screenshot({ caret: "initial", path: "test-results/screens/task-title-limit.png", fullPage: false });
});
