import { makeChangeSetRow } from "../factories";
import { OneOnOnePage, TemplatePage } from "./pages";
import { expect, test } from "./support/fixtures";
import { createOpenSessionWithProposal } from "./support/scenarios/one-on-one";

// What people accept, learned from their decisions: the template's Overview shows the measured
// signals with counts once the model is fitted ("Refit now"), and a ritual's proposal card lists
// the candidate versions its search replayed.

test("the Overview's 'What people accept' card: empty until fitted, then the checklist limit people hold to, with counts", async ({ app, signIn, oneOnOneWorkspace: data, db }) => {
  const { page } = app;
  const agent = data.agents[0]!;
  // 30 checklists: up to 4 items confirmed, longer ones rejected (decided a day apart over the last month).
  for (let i = 0; i < 30; i++) {
    const items = 1 + (i % 8);
    const decidedAt = new Date(Date.now() - (30 - i) * 86_400_000);
    await makeChangeSetRow(agent, {
      items: [{ tool: "propose_checklist_items", args: { items: Array.from({ length: items }, (_, k) => `Step ${k + 1}`) }, summary: `Add ${items} checklist items`, decidedAt, decision: { verdict: items <= 4 ? "confirmed" : "rejected", decidedById: data.owner.id, decidedAt } }],
    }, db);
  }
  await signIn(data.owner.email);
  await page.goto(TemplatePage.path(data.workspace.slug, data.template.id));
  const card = page.getByTestId("what-people-accept");
  await expect(card).toHaveAttribute("data-state", "empty");
  await expect(card).toContainText("Not measured yet");

  await card.getByRole("button", { name: "Refit now" }).click();
  await expect(card.getByRole("status")).toContainText(/Refitted on \d+ decisions and \d+ ratings: \d+ signals?\./);
  await expect(card).toHaveAttribute("data-state", "signals");
  await expect(card.getByTestId("accept-signal").first()).toContainText(/Checklists of at most 4 items: \d+ of \d+ confirmed \(100%, 95% CI \d+%–100%\); of 5 or more items: 0 of \d+ confirmed/);
  await expect(card.getByTestId("accept-quality")).toBeVisible();
  await page.screenshot({ caret: "initial", path: "test-results/screens/what-people-accept.png", fullPage: false });
});

test("a proposal card lists the candidate versions its search replayed, the chosen one marked", async ({ app, signIn, oneOnOneWorkspace: data, db }) => {
  const { page } = app;
  const { proposal } = await createOpenSessionWithProposal(data, db);
  const candidate = (label: string, avoided: number, lost: number) => ({ label, directives: label, runs: 8, rejections: 6, avoided, acceptances: 10, lost, expectedAcceptance: { head: 0.62, candidate: 0.7, n: 20 }, expectedRating: null });
  await db.proposal.update({
    where: { id: proposal.id },
    data: { candidates: { chosen: 1, runs: 8, replays: 32, tokens: 0, candidates: [candidate("as proposed", 4, 2), candidate("without “Never propose a status change.”", 4, 0), candidate("Keep checklists to at most 5 items.", 3, 0)] } },
  });
  await signIn(data.owner.email);
  await page.goto(OneOnOnePage.path(data.workspace.slug, data.template.id));
  const list = app.oneOnOne.cards.first().getByTestId("proposal-candidates");
  await expect(list).toContainText("3 candidate versions replayed on 8 of last week's runs; this one won");
  await list.locator("summary").click();
  await expect(list.getByRole("listitem")).toHaveCount(3);
  await expect(list.getByRole("listitem").nth(1)).toHaveText("✓ without “Never propose a status change.”: +4 avoided / 0 lost, expected acceptance 62% → 70%");
});
