import { addMember, makeEvolutionSession, makePreferenceConflictRow, makeProposal, uid } from "../factories";
import { expect, test } from "./support/fixtures";

// Team conflicts and oscillation as a team lead meets them: a card says which two reviewers
// disagree on which kind of proposal and lets the team settle it; a proposal that undoes a recent
// change with no new feedback since asks for a reason before it can be approved.

test("a reviewer conflict is shown with who does what, and the team settles it in its own words", async ({ app, signIn, oneOnOneWorkspace: data, db }) => {
  const ana = await addMember(data.workspace.id, "member", { name: "Ana Lopez", email: `ana-${uid()}@example.test` }, db);
  const ben = await addMember(data.workspace.id, "member", { name: "Ben Ode", email: `ben-${uid()}@example.test` }, db);
  const row = await makePreferenceConflictRow(data.template, [ana.id, ben.id], {}, db);

  await signIn(ana.email);
  await app.template.goto(data.workspace.slug, data.template.id);
  const conflict = app.template.conflicts.first();
  await expect(conflict).toHaveAttribute("data-status", "open");
  await expect(conflict.getByTestId("conflict-summary")).toHaveText("Ana Lopez confirmed 9 of 10 proposed status changes, Ben Ode rejected 8 of 9.");
  await expect(conflict).toContainText("Confirm rates 90% and 11%");

  await app.template.settleConflict(conflict, "Our own rule", "Propose a status change only when every checklist item is done.");
  await expect(conflict).toHaveAttribute("data-status", "settled");
  await expect(conflict.getByTestId("conflict-decision")).toContainText("Propose a status change only when every checklist item is done.");
  expect(await db.preferenceConflict.findUniqueOrThrow({ where: { id: row.id } })).toMatchObject({ status: "settled", ruling: "custom", settledById: ana.id });
});

test("a proposal that reverses a recent change with no new feedback needs a reason to be approved", async ({ app, signIn, oneOnOneWorkspace: data, db }) => {
  const line = "Never propose a status change.";
  const v2 = await db.templateVersion.create({ data: { workspaceId: data.workspace.id, templateId: data.template.id, number: 2, directives: `${data.v1.directives}\n${line}`, authoredBy: "agent", rationale: "Status changes were rejected.", parentVersionId: data.v1.id } });
  await db.agentTemplate.update({ where: { id: data.template.id }, data: { headVersionId: v2.id } });
  const session = await makeEvolutionSession(data.template, { origin: "ritual", status: "awaiting_review" }, db);
  const proposal = await makeProposal(session, { directives: data.v1.directives, baseVersionId: v2.id, confidence: 0.9, rationale: "Agents should suggest statuses again." }, db);

  await signIn(data.owner.email);
  await app.page.goto(`/w/${data.workspace.slug}/rituals/${session.id}`);
  const card = app.ritualReview.card;
  await expect(card.root.getByTestId("reversals")).toContainText(`Removes “${line}”: this reverses the change approved on`);
  await expect(card.root.getByTestId("reversal-evidence")).toHaveText("— no new evidence: nobody complained since: give a reason to approve");

  await card.startApproval("0.8");
  const approve = card.button("Approve with this rating");
  await expect(approve).toBeDisabled();
  await card.reversalReason.fill("Support now wants agents to suggest statuses.");
  await approve.click();
  await expect(card.root).toHaveAttribute("data-status", "approved");
  await expect(card.root).toContainText("Approved as a reversal without new feedback: “Support now wants agents to suggest statuses.”");
  expect((await db.proposal.findUniqueOrThrow({ where: { id: proposal.id } })).reversalReason).toBe("Support now wants agents to suggest statuses.");
});
