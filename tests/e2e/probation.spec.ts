import { measureProbation, type RunSample } from "@/features/probation/effect";
import { expect, test } from "./support/fixtures";

// A version on probation as a team lead sees it on the template page: the arms, each metric's
// effect with its 95% interval in words, and rolling back from there.

const run = (confirmed: number, rejected: number, rating: number): RunSample => ({ confirmed, rejected, rating, quality: 0.9, tokens: 1500 });
const times = <T,>(n: number, f: (i: number) => T) => Array.from({ length: n }, (_, i) => f(i));

test("the template page shows the probation with its interval, and rolls back to the previous version", async ({ app, signIn, oneOnOneWorkspace: data, db }) => {
  const { page } = app;
  const v2 = await db.templateVersion.create({ data: { workspaceId: data.workspace.id, templateId: data.template.id, number: 2, directives: `${data.v1.directives}\n- Pad every checklist.`, authoredBy: "agent", rationale: "Longer checklists.", parentVersionId: data.v1.id } });
  await db.agentTemplate.update({ where: { id: data.template.id }, data: { headVersionId: v2.id } });
  // 41 runs on v2 (1 of 2 proposals accepted), 12 on v1 (both accepted).
  const effects = measureProbation({ runs: times(41, () => run(1, 1, 0.5)), resolveMs: [] }, { runs: times(12, () => run(2, 0, 0.8)), resolveMs: [] }, 1);
  await db.probation.create({
    data: { workspaceId: data.workspace.id, templateId: data.template.id, versionId: v2.id, baselineVersionId: data.v1.id, share: 0.2, minDays: 7, minRuns: 30, status: "harm_detected", harmDetectedAt: new Date(), outcomeNote: "Worse than the previous version.", effects, measuredAt: new Date() },
  });

  await signIn(data.owner.email);
  await page.goto(`/w/${data.workspace.slug}/templates/${data.template.id}`);
  const panel = page.getByTestId("probation-panel");
  await expect(panel).toHaveAttribute("data-status", "harm_detected");
  await expect(panel.getByRole("heading", { name: "Probation · v2 against v1" })).toBeVisible();
  await expect(panel).toContainText("Harm detected");
  await expect(panel).toContainText("41 runs on v2, 12 on v1");
  await expect(panel.locator('[data-metric="acceptance"]')).toHaveText(/^acceptance −50 points \(95% CI −50 to −50\), 82 vs 24 decisions\s*worse$/);
  await expect(panel.locator('[data-metric="rating"]')).toContainText("mean rating −0.30 (95% CI −0.30 to −0.30), 41 vs 12 rated runs");
  await page.screenshot({ caret: "initial", path: "test-results/screens/probation-panel.png", fullPage: false });

  await panel.getByRole("button", { name: "Roll back to v1" }).click();
  await panel.getByRole("button", { name: "Confirm roll back" }).click();
  await expect(panel).toHaveAttribute("data-status", "rolled_back");
  await expect(panel).toContainText("Rolled back to v1 after harm was found.");
  await expect(page.getByText("Active: v1")).toBeVisible();
  expect((await db.agentTemplate.findUniqueOrThrow({ where: { id: data.template.id } })).headVersionId).toBe(data.v1.id);
});

test("a line of the directives says why it is there, and one click proposes reverting it in the one-on-one", async ({ app, signIn, oneOnOneWorkspace: data, db }) => {
  const { page } = app;
  const line = "- Pad every checklist with a review step.";
  const v2 = await db.templateVersion.create({ data: { workspaceId: data.workspace.id, templateId: data.template.id, number: 2, directives: `${data.v1.directives}\n${line}`, authoredBy: "agent", rationale: "Reviews were skipped.", parentVersionId: data.v1.id } });
  await db.agentTemplate.update({ where: { id: data.template.id }, data: { headVersionId: v2.id } });

  await signIn(data.owner.email);
  await page.goto(`/w/${data.workspace.slug}/templates/${data.template.id}`);
  const blame = page.getByTestId("clause-blame");
  await blame.getByText("Why is each line here?").click();
  const clause = blame.getByTestId("clause").filter({ hasText: line });
  await expect(clause).toContainText("Added in v2");
  await expect(clause).toContainText("by the improver: “Reviews were skipped.”");
  await clause.focus();
  await expect(clause).toHaveAttribute("title", /^Added in v2 .* by the improver: “Reviews were skipped\.”$/);

  await clause.getByRole("button", { name: `Revert “${line}”` }).click();
  await expect(page).toHaveURL(new RegExp(`/templates/${data.template.id}/one-on-one`));
  const card = app.oneOnOne.cards.first();
  await expect(card).toContainText(`Revert one line (removed): “${line}”, added in v2`);
  await expect(card.getByTestId("reversals")).toContainText(`Removes “${line}”: this reverses the change approved on`);
  const proposal = await db.proposal.findFirstOrThrow({ where: { templateId: data.template.id }, orderBy: { createdAt: "desc" } });
  expect(proposal.directives).toBe(data.v1.directives);
});
