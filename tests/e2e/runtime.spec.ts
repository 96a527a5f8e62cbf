import { expect, test } from "@playwright/test";
import { signInByEmail } from "./support/auth";
import { createRuntimeWorkspace, db } from "./support/fixtures";

test.afterAll(async () => {
  await db().$disconnect();
});

test("create a task → its agent runs → proposals in the inbox → confirming updates the task; the run shows iterations", async ({ page }) => {
  test.setTimeout(120_000);
  const data = await createRuntimeWorkspace();
  await signInByEmail(page, data.owner.email);
  const base = `/w/${data.workspace.slug}`;

  await page.goto(`${base}/tasks`);
  const form = page.getByRole("form", { name: "New task" });
  await form.getByLabel("Title").fill("Launch the customer newsletter");
  await form.getByLabel("Agent template").selectOption({ label: "Planning Assistant" });
  await form.getByLabel("Description").fill("Write the November newsletter. Collect product updates from the PMs. Get legal sign-off? Send it to all customers.");
  await form.getByRole("button", { name: "Create task" }).click();
  await expect(page.getByRole("heading", { name: "Launch the customer newsletter" })).toBeVisible();

  // The local executor wakes the agent; the page follows it live and shows the proposals when done.
  await expect(page.getByRole("heading", { name: "Waiting for a decision" })).toBeVisible({ timeout: 60_000 });
  await expect(page.getByTestId("live-status")).toHaveText("Idle");

  await page.goto(`${base}/inbox`);
  const checklist = page.getByTestId("inbox-item").filter({ hasText: "checklist item" }).first();
  await expect(checklist).toBeVisible();
  await checklist.getByRole("button", { name: "Confirm" }).click();
  await expect(page.getByText(/1 item confirmed · 1 applied to tasks\./)).toBeVisible();

  const task = await db().task.findFirstOrThrow({ where: { workspaceId: data.workspace.id }, include: { agent: true } });
  expect((task.checklist as unknown[]).length).toBeGreaterThan(0);
  await page.goto(`${base}/tasks/${task.id}`);
  await expect(page.getByRole("heading", { name: "Checklist" })).toBeVisible();
  await expect(page.getByText(/0 of \d+ done/)).toBeVisible();

  // The run page: iterations with a score per gate.
  const run = await db().wakeRun.findFirstOrThrow({ where: { agentId: task.agent!.id } });
  expect(run.status).toBe("succeeded");
  await page.goto(`${base}/agents/${task.agent!.id}/runs/${run.id}`);
  await expect(page.getByTestId("iteration-row").first()).toBeVisible();
  for (const gate of ["completeness", "actionability", "clarity"]) await expect(page.getByTestId("iterations-table").getByRole("columnheader", { name: gate })).toBeVisible();
  await expect(page.locator("figure svg").first()).toBeVisible();
  await page.screenshot({ path: "test-results/screens/run.png", fullPage: true });
});
