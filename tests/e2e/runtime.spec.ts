import { expect, test } from "./support/fixtures";

test("create a task → its agent runs → proposals in the inbox → confirming updates the task; the run shows iterations", async ({ app, signIn, runtimeWorkspace: data, db }) => {
  test.setTimeout(120_000);
  await signIn(data.owner.email);
  const slug = data.workspace.slug;

  await app.tasks.goto(slug);
  await app.tasks.createTask({
    title: "Launch the customer newsletter",
    template: "Planning Assistant",
    description: "Write the November newsletter. Collect product updates from the PMs. Get legal sign-off? Send it to all customers.",
  });
  await expect(app.task.heading("Launch the customer newsletter")).toBeVisible();

  // The local executor wakes the agent; the page follows it live and shows the proposals when done.
  await expect(app.task.waitingForDecision).toBeVisible({ timeout: 60_000 });
  await expect(app.task.liveStatus).toHaveText("Idle");

  // While a run works, the live status names its phase in words. The built-in model finishes a run
  // between two polls, so a run row is held in its phases here, as a slow model would hold them.
  const created = await db.task.findFirstOrThrow({ where: { workspaceId: data.workspace.id }, include: { agent: true } });
  const finished = await db.wakeRun.findFirstOrThrow({ where: { agentId: created.agent!.id } });
  const working = await db.wakeRun.create({
    data: {
      workspaceId: data.workspace.id, agentId: created.agent!.id, templateId: finished.templateId, templateVersionId: finished.templateVersionId,
      reason: "manual", status: "running", startedAt: new Date(), phase: "executing", phaseIteration: 1,
    },
  });
  await expect(app.task.liveStatus).toHaveText("Executing the task…");
  await db.wakeRun.update({ where: { id: working.id }, data: { phase: "refining", phaseIteration: 2 } });
  await expect(app.task.liveStatus).toContainText("Refining…");
  await expect(app.task.liveStatus).toContainText("iteration 2");
  await db.wakeRun.update({ where: { id: working.id }, data: { status: "succeeded", finishedAt: new Date(), phase: null, phaseIteration: null } });
  await expect(app.task.liveStatus).toHaveText("Idle");
  await db.wakeRun.delete({ where: { id: working.id } });

  await app.inbox.goto(slug);
  const checklist = app.inbox.item("checklist item").first();
  await expect(checklist).toBeVisible();
  await checklist.getByRole("button", { name: "Confirm" }).click();
  await expect(app.page.getByText(/1 item confirmed · 1 applied to tasks\./)).toBeVisible();

  const task = await db.task.findFirstOrThrow({ where: { workspaceId: data.workspace.id }, include: { agent: true } });
  expect((task.checklist as unknown[]).length).toBeGreaterThan(0);
  await app.task.goto(slug, task.id);
  await expect(app.task.checklistHeading).toBeVisible();
  await expect(app.page.getByText(/0 of \d+ done/)).toBeVisible();

  // The run page: iterations with a score per gate.
  const run = await db.wakeRun.findFirstOrThrow({ where: { agentId: task.agent!.id } });
  expect(run.status).toBe("succeeded");
  await app.run.goto(slug, task.agent!.id, run.id);
  await expect(app.run.iterationRows.first()).toBeVisible();
  for (const gate of ["completeness", "actionability", "clarity"]) await expect(app.run.gateColumn(gate)).toBeVisible();
  await expect(app.run.chart.first()).toBeVisible();
  // Its timeline: the recorded times, each iteration's scores, what it saved, how it ended.
  await expect(app.run.timelineStep("queued")).toContainText("Not recorded");
  await expect(app.run.timelineStep("started").locator("time")).toBeVisible();
  await expect(app.run.timelineStep("iteration").first()).toContainText(/Iteration 1.*Weighted score \d\.\d\d.*completeness \d\.\d\d/s);
  await expect(app.run.timelineStep("proposals")).toContainText(/\d+ proposals?/);
  await expect(app.run.timelineStep("finished")).toContainText("Succeeded");
  await expect(app.run.timelineStep("finished").locator("time")).toBeVisible();
  // Its report is Markdown, shown formatted: its "## " lines are headings, and no mark is left.
  const report = await db.agentReport.findFirstOrThrow({ where: { wakeRunId: run.id } });
  const firstHeading = /^## (.+)$/m.exec(report.markdown)?.[1];
  expect(firstHeading, "the built-in model's report has headings").toBeTruthy();
  await expect(app.run.report.getByRole("heading", { name: firstHeading, exact: true })).toBeVisible();
  await expect(app.run.report).not.toContainText("## ");
  await app.page.screenshot({ caret: "initial", path: "test-results/screens/run.png", fullPage: true });

  // Settings → Usage: the run's tokens per role (plus the classifier's, for its observations), at
  // no cost (the built-in model).
  const ledger = await db.modelUsageDaily.findMany({ where: { workspaceId: data.workspace.id } });
  const tokensOf = (rows: typeof ledger) => rows.reduce((n, r) => n + Number(r.inputTokens + r.outputTokens), 0);
  expect(tokensOf(ledger.filter((r) => ["task", "evaluator", "refiner"].includes(r.role)))).toBe(run.inputTokens + run.outputTokens);
  const spent = tokensOf(ledger);
  await app.page.getByRole("link", { name: "Usage" }).click();
  await expect(app.page.getByRole("heading", { name: "Model usage" })).toBeVisible();
  const byRole = app.page.getByTestId("usage-by-role");
  await expect(byRole.locator('[data-role="task"]')).toContainText("Task agent");
  await expect(byRole.locator('[data-role="evaluator"]')).toBeVisible();
  await expect(app.page.getByTestId("usage-report")).toContainText(spent.toLocaleString("en"));
  await expect(app.page.getByTestId("usage-by-model")).toContainText("builtin-task");
  await app.page.screenshot({ caret: "initial", path: "test-results/screens/usage.png", fullPage: true });
});
