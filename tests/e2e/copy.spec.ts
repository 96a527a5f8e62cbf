import { addMember, makeAgentRow, makeRunRow, makeTemplateRow, makeWorkspace } from "../factories";
import { expect, test } from "./support/fixtures";

// Words people read every day: one badge per fact on a run, counts in the singular when there is
// one, and every text field saying its length limit before and after a too-long entry.

test("a run says succeeded once; a template with one agent says 1 instance; the task title stops at its limit and counts near it", async ({ app, signIn, db }) => {
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
  // The field stops at its limit and counts from 80% of it (the server's refusal of a longer
  // title is the integration tests' and the attack suite's).
  const title = form.getByLabel("Title");
  await title.fill("x".repeat(150));
  await expect(form.getByTestId("character-count")).toHaveCount(0);
  await title.pressSequentially("y".repeat(20));
  await expect(form.getByTestId("character-count")).toHaveText("170 / 200");
  await title.fill("x".repeat(10_000));
  await expect(title).toHaveValue("x".repeat(200));
  await title.press("End");
  await title.pressSequentially("zz");
  await expect(title).toHaveValue("x".repeat(200));
  await expect(form.getByTestId("character-count")).toHaveText("200 / 200");
  expect(await db.task.count({ where: { workspaceId: workspace.id } })).toBe(0);
  await app.page.screenshot({ caret: "initial", path: "test-results/screens/task-title-limit.png", fullPage: false });
});
