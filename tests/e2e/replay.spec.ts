import { OneOnOnePage } from "./pages";
import { expect, test } from "./support/fixtures";
import { createOpenSessionWithProposal } from "./support/scenarios/one-on-one";

// The replay check on a proposal card, and the guard: in a workspace in guard mode, a proposal whose
// replay would lose an accepted change cannot be approved until someone says why.

const SUMMARY = {
  runs: 3,
  rejections: 2,
  avoided: { value: 2, low: 1, high: 2 },
  acceptances: 3,
  keptRate: { value: 0.6667, low: 0.3333, high: 1 },
  lost: 1,
  newProposals: 3,
  gate: { head: 0.78, candidate: 0.84, delta: { value: 0.06, low: 0.01, high: 0.11 } },
  tokens: { head: 810, candidate: 720, change: { value: -0.11, low: -0.12, high: -0.1 } },
};

test("the card shows the replay check; in guard mode approval needs a reason, then creates v2", async ({ app, signIn, oneOnOneWorkspace: data, db }) => {
  const { page } = app;
  const { proposal } = await createOpenSessionWithProposal(data, db);
  await db.workspace.update({ where: { id: data.workspace.id }, data: { replayGuard: "guard" } });
  await db.replayCheck.create({ data: { workspaceId: data.workspace.id, proposalId: proposal.id, status: "done", sampled: 3, replayed: 3, tokens: 1530, summary: SUMMARY, runs: [], finishedAt: new Date() } });
  await signIn(data.owner.email);
  await page.goto(OneOnOnePage.path(data.workspace.slug, data.template.id));

  const card = app.oneOnOne.cards.first();
  const replay = card.getByTestId("replay-result");
  await expect(replay).toHaveAttribute("data-status", "done");
  await expect(replay.getByTestId("replay-summary")).toHaveText("+2 rejections avoided (of 2), −1 acceptance lost (of 3), gate 0.78 → 0.84 (±0.05), tokens −11% · 3 runs replayed");
  await expect(replay).toContainText("Acceptances kept 67% (95% interval 33%–100%)");
  await expect(replay).toContainText("The replay guard blocks approval (acceptances kept 67%, below 90%): approving needs a reason.");
  await page.screenshot({ caret: "initial", path: "test-results/screens/replay-card.png", fullPage: false });

  await card.getByRole("button", { name: "Approve", exact: true }).click();
  const finish = card.getByRole("button", { name: "Approve & finish session" });
  await expect(finish).toBeDisabled();
  await card.getByLabel("Why approve despite the replay check?").fill("The lost checklist was a one-off ticket.");
  await finish.click();
  await expect.poll(async () => (await db.proposal.findUniqueOrThrow({ where: { id: proposal.id } })).status).toBe("approved");
  expect(await db.proposal.findUniqueOrThrow({ where: { id: proposal.id } })).toMatchObject({ replayOverrideReason: "The lost checklist was a one-off ticket." });
  const head = await db.agentTemplate.findUniqueOrThrow({ where: { id: data.template.id }, include: { head: true } });
  expect(head.head?.number).toBe(2);
});
