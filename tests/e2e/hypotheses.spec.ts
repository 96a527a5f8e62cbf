import { gradeHypothesis } from "@/features/hypotheses/grade";
import { statsOf, type RunSample } from "@/features/probation/effect";
import { expect, test } from "./support/fixtures";

// The hypothesis ledger as a team lead reads it: what the improver predicted, how each prediction
// was graded and why, and its calibration; and on the template page, the feedback behind a line
// and a line nobody has said anything about for 60 days.

const DAY = 86_400_000;
const run = (confirmed: boolean): RunSample => ({ confirmed: confirmed ? 1 : 0, rejected: confirmed ? 0 : 1, rating: null, quality: null, tokens: 100 });
const side = (c: number, r: number) => ({ ...statsOf({ runs: [...Array.from({ length: c }, () => run(true)), ...Array.from({ length: r }, () => run(false))], resolveMs: [] }), feedback: { n: 0, sum: 0, sumSq: 0 } });

test("the Hypotheses view lists each prediction with its grade, and the improver's calibration", async ({ app, signIn, oneOnOneWorkspace: data, db }) => {
  const { page } = app;
  const session = await db.evolutionSession.create({ data: { workspaceId: data.workspace.id, templateId: data.template.id, sessionNumber: 40, origin: "ritual", status: "completed" } });
  const window = { from: new Date(Date.now() - 20 * DAY).toISOString(), split: new Date(Date.now() - 13 * DAY).toISOString(), to: new Date(Date.now() - 6 * DAY).toISOString() };
  const confirmed = gradeHypothesis({ metric: "acceptance", direction: "increase", size: 10, method: "probation", candidate: side(32, 8), baseline: side(10, 30), window });
  const refuted = gradeHypothesis({ metric: "acceptance", direction: "increase", size: 30, method: "before_after", candidate: side(200, 200), baseline: side(195, 205), window });
  const rows = [
    { content: "Explaining each estimate lifts acceptance.", probability: 0.8, size: 10, grade: confirmed },
    { content: "Shorter checklists will lift acceptance a lot.", probability: 0.7, size: 30, grade: refuted },
    { content: "Blocking steps first speeds up done tasks.", probability: 0.6, size: 10, grade: null },
  ];
  for (const r of rows) {
    const note = await db.evolutionNote.create({ data: { workspaceId: data.workspace.id, templateId: data.template.id, sessionId: session.id, kind: "hypothesis", content: r.content } });
    await db.hypothesis.create({
      data: {
        workspaceId: data.workspace.id, templateId: data.template.id, sessionId: session.id, noteId: note.id, metric: "acceptance", direction: "increase", size: r.size, probability: r.probability,
        checkAt: new Date(Date.now() + (r.grade ? -6 : 3) * DAY), outcome: r.grade?.outcome ?? "open", figures: r.grade ?? undefined, gradedAt: r.grade ? new Date() : null, gradedInSessionId: r.grade ? session.id : null,
      },
    });
  }

  await signIn(data.owner.email);
  await page.goto(`/w/${data.workspace.slug}/templates/${data.template.id}`);
  await page.getByRole("link", { name: "Hypotheses" }).click();
  await expect(page.getByRole("heading", { name: `Hypotheses · ${data.template.name}` })).toBeVisible();
  // (0.8 − 1)² and (0.7 − 0)² over 2: 0.265.
  await expect(page.getByTestId("calibration")).toContainText("Brier 0.27 over 2 graded predictions (hit rate 50%, stated 75% on average)");
  const list = page.getByTestId("hypothesis-row");
  await expect(list).toHaveCount(3);
  const row = (text: string) => list.filter({ hasText: text });
  await expect(row("Explaining each estimate")).toHaveAttribute("data-outcome", "confirmed");
  await expect(row("Explaining each estimate")).toContainText("acceptance +10 points");
  await expect(row("Explaining each estimate").getByTestId("hypothesis-reason")).toContainText("Moved as predicted: acceptance +55 (95% CI");
  await expect(row("Shorter checklists")).toHaveAttribute("data-outcome", "refuted");
  await expect(row("Shorter checklists").getByTestId("hypothesis-reason")).toContainText("The predicted change is ruled out");
  await expect(row("Shorter checklists").getByTestId("hypothesis-reason")).toContainText("(not causal)");
  await expect(row("Blocking steps first")).toHaveAttribute("data-outcome", "open");
  await expect(row("Blocking steps first")).toContainText("checked at the first ritual after");
  await page.screenshot({ caret: "initial", path: "test-results/screens/hypotheses.png", fullPage: true });
});

test("a line shows the feedback behind it, and a line nobody has mentioned for 60 days is flagged as an orphan", async ({ app, signIn, oneOnOneWorkspace: data, db }) => {
  const { page } = app;
  const explain = "- Use the right tool for log searches.";
  const old = new Date(Date.now() - 90 * DAY);
  const session = await db.evolutionSession.create({
    data: {
      workspaceId: data.workspace.id, templateId: data.template.id, sessionNumber: 41, origin: "ritual", status: "completed",
      feedbackSummary: { totals: { items: 2, positive: 0, negative: 2, neutral: 0 }, byCategory: [], patterns: [{ category: "tooling", sentiment: "negative", agentCount: 2, itemCount: 2, examples: [{ itemId: "e2e-fi-1", agentId: "a", detail: "Searched the logs by hand again" }] }] },
    },
  });
  const v2 = await db.templateVersion.create({ data: { workspaceId: data.workspace.id, templateId: data.template.id, number: 2, directives: `${data.v1.directives}\n${explain}`, authoredBy: "agent", rationale: "Log searches by hand were slow.", parentVersionId: data.v1.id, createdAt: old } });
  await db.proposal.create({ data: { workspaceId: data.workspace.id, templateId: data.template.id, sessionId: session.id, directives: v2.directives, rationale: v2.rationale!, confidence: 0.9, status: "approved", resultingVersionId: v2.id, decidedAt: old } });
  await db.agentTemplate.update({ where: { id: data.template.id }, data: { headVersionId: v2.id } });

  await signIn(data.owner.email);
  await page.goto(`/w/${data.workspace.slug}/templates/${data.template.id}`);
  const blame = page.getByTestId("clause-blame");
  await blame.getByText("Why is each line here?").click();
  const clause = blame.getByTestId("clause").filter({ hasText: explain });
  await expect(clause.getByTestId("clause-evidence")).toContainText("tooling: “Searched the logs by hand again”");
  await expect(clause.getByTestId("orphan")).toHaveText("orphan · no tooling feedback in 60 days");
  // The fixture's lines are new, and what the team talks about (accuracy, communication) is never an orphan.
  await expect(blame.getByTestId("orphan")).toHaveCount(1);
});
