import { expect, test } from "./support/fixtures";
import { createDecideInPlaceWorkspace } from "./support/scenarios/decide-in-place";

// Proposals are decided where the work is — the task page and the run page — with the inbox's
// own cards, and a run is rated on its own page.

test("decide a task's proposals on the task page: confirm applies, reject asks why, a double click decides once", async ({ app, signIn, db }) => {
  const data = await createDecideInPlaceWorkspace(db);
  await signIn(data.member.email);
  await app.task.goto(data.workspace.slug, data.task.id);
  await expect(app.task.waitingForDecision).toBeVisible();
  await expect(app.task.proposals).toHaveCount(3); // the rejected one is not waiting

  // A double click on Confirm: one decision, the step added once.
  await app.task.proposal("Add: book the venue").getByRole("button", { name: "Confirm" }).dblclick();
  await expect(app.page.getByText("1 item confirmed · 1 applied to tasks.")).toBeVisible();
  await expect(app.task.proposals).toHaveCount(2);
  await expect(app.page.getByText("0 of 1 done")).toBeVisible();
  expect(await db.changeDecision.count({ where: { changeItemId: data.items[0].id } })).toBe(1);
  await expect(app.page.getByText(/already decided/)).toHaveCount(0);

  const estimate = app.task.proposal("Estimate 4 hours");
  await estimate.getByRole("button", { name: "Reject" }).click();
  const form = app.task.rejectForm(estimate);
  await form.getByRole("button", { name: "Reject" }).click();
  await expect(form.getByText(/Say why you reject it/)).toBeVisible();
  await form.getByLabel(/Why reject this proposal/).fill("The venue alone takes a day");
  await form.getByRole("button", { name: "Reject" }).click();
  await expect(app.task.proposals).toHaveCount(1);

  await app.task.proposal("Start planning").getByRole("button", { name: "Defer" }).click();
  await expect(app.task.proposal("Start planning")).toContainText("deferred");
  await app.page.screenshot({ caret: "initial", path: "test-results/screens/task-decide-in-place.png", fullPage: true });

  const decisions = await db.changeDecision.findMany({ where: { changeItemId: { in: data.items.slice(0, 3).map((i) => i.id) } }, orderBy: { decidedAt: "asc" } });
  expect(decisions.map((d) => [d.verdict, d.reason, d.decidedById])).toEqual([
    ["confirmed", null, data.member.id],
    ["rejected", "The venue alone takes a day", data.member.id],
    ["deferred", null, data.member.id],
  ]);
});

test("decide a run's proposals and rate the run on the run page", async ({ app, signIn, db }) => {
  const data = await createDecideInPlaceWorkspace(db);
  await signIn(data.member.email);
  await app.run.goto(data.workspace.slug, data.agent.id, data.run.id);
  await expect(app.run.proposals).toHaveCount(3);
  await expect(app.run.decidedProposals).toHaveText([/Rejected\s*Estimate 5 minutes/]);

  await app.run.proposal("Start planning").getByRole("button", { name: "Confirm" }).click();
  await expect(app.page.getByText("1 item confirmed · 1 applied to tasks.")).toBeVisible();
  await expect(app.run.proposals).toHaveCount(2);
  await expect(app.run.decidedProposals.filter({ hasText: "Start planning" })).toContainText("Confirmed");
  expect((await db.task.findUniqueOrThrow({ where: { id: data.task.id } })).status).toBe("in_progress");

  await expect(app.run.rating).toContainText("Rating");
  await app.run.rate("0.75");
  await expect(app.run.rating.getByRole("button", { name: "Saved 0.75" })).toBeVisible();
  await expect.poll(async () => (await db.wakeRun.findUniqueOrThrow({ where: { id: data.run.id } })).userRating).toBeCloseTo(0.75);
  await app.page.reload();
  await expect(app.run.rating.getByRole("slider", { name: "Rating" })).toHaveValue("0.75");
  await app.page.screenshot({ caret: "initial", path: "test-results/screens/run-decide-and-rate.png", fullPage: true });
});

test("a viewer sees the proposals and the rating but no controls", async ({ app, signIn, db }) => {
  const data = await createDecideInPlaceWorkspace(db);
  await signIn(data.viewer.email);
  await app.task.goto(data.workspace.slug, data.task.id);
  await expect(app.task.proposals).toHaveCount(3);
  await expect(app.page.getByRole("button", { name: /^(Confirm|Reject|Defer)$/ })).toHaveCount(0);
  await app.run.goto(data.workspace.slug, data.agent.id, data.run.id);
  await expect(app.run.proposals).toHaveCount(3);
  await expect(app.page.getByRole("button", { name: /^(Confirm|Reject|Defer)$/ })).toHaveCount(0);
  await expect(app.run.rating).toContainText("Not rated");
  await expect(app.run.rating.getByRole("slider")).toHaveCount(0);
});
