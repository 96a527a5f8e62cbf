import { addMember, makeAgentRows, makeChangeItemRows, makeObservationRows, makeRunRows, makeTemplateRow, makeWorkspace } from "../factories";
import { expect, test } from "./support/fixtures";

// Tables that scale, in a workspace of 1,000 agents (the agents list's factory): an agent's runs,
// the decision inbox and search — each paged with keyset cursors in the URL, filtered, counted
// (capped at "1,000+" where the list can grow without bound).

test("1,000 agents: runs, inbox and search page, filter and count", async ({ app, signIn, db }) => {
  test.setTimeout(150_000); // three lists, about 25 page loads, on 2 busy cores
  const consoleErrors: string[] = [];
  app.page.on("console", (m) => {
    if (m.type() === "error") consoleErrors.push(m.text());
  });
  const { workspace, owner } = await makeWorkspace({ owner: { name: "Tess Tables" } }, db);
  await addMember(workspace.id, "viewer", {}, db);
  const { template: triage, head } = await makeTemplateRow(workspace.id, { name: "Ticket Triage" }, db);
  const { template: billing } = await makeTemplateRow(workspace.id, { name: "Billing Helper" }, db);
  await makeAgentRows(triage, 990, { prefix: "Triage" }, db);
  await makeAgentRows(billing, 10, { prefix: "Billing" }, db);
  const agent = await db.agent.findFirstOrThrow({ where: { workspaceId: workspace.id, displayName: "Triage 990" } });
  const biller = await db.agent.findFirstOrThrow({ where: { workspaceId: workspace.id, displayName: "Billing 01" } });
  // 70 runs (every 5th failed), 1,010 pending estimates + 25 status proposals, 45 observations about refunds.
  await makeRunRows(agent, 70, { templateVersionId: head.id, status: (i) => (i % 5 === 4 ? "failed" : "succeeded") }, db);
  await makeChangeItemRows(agent, 1_010, { prefix: "Estimate" }, db);
  await makeChangeItemRows(biller, 25, { prefix: "Status", tool: () => "propose_status" }, db);
  await makeObservationRows(agent, 45, { text: (i) => `Refund ${i + 1} processed for the customer` }, db);
  const slug = workspace.slug;

  await signIn(owner.email);

  // Runs: 30 a page, newest first; page 2; a status filter with its count.
  const { agent: agentPage } = app;
  await agentPage.goto(slug, agent.id);
  await expect(agentPage.range).toHaveText("1–30 of 70");
  await expect(agentPage.runRows).toHaveCount(30);
  await agentPage.next();
  await expect(agentPage.range).toHaveText("31–60 of 70");
  expect(new URL(app.page.url()).searchParams.get("after")).toBeTruthy();
  await agentPage.previous();
  await expect(agentPage.range).toHaveText("1–30 of 70");
  await agentPage.runFilterForm.getByLabel("Status").selectOption("failed");
  await agentPage.runFilterForm.getByRole("button", { name: "Apply" }).click();
  await expect(agentPage.range).toHaveText("1–14 of 14");
  await expect(agentPage.runRows).toHaveCount(14);

  // Inbox: the capped count in the tab, the pager and the nav badge; page 2; a tool filter.
  const { inbox } = app;
  await inbox.goto(slug);
  await expect(inbox.range).toHaveText("1–50 of 1,000+");
  await expect(app.page.getByRole("link", { name: "Pending (1,000+)" })).toBeVisible();
  await expect(inbox.badge).toHaveText("1,000+");
  await expect(inbox.items).toHaveCount(50);
  await expect(inbox.items.first()).toContainText("Estimate 0001"); // oldest first
  await inbox.next();
  await expect(inbox.range).toHaveText("51–100 of 1,000+");
  await expect(inbox.items.first()).toContainText("Estimate 0051");
  await inbox.previous();
  await expect(inbox.range).toHaveText("1–50 of 1,000+");
  await inbox.filterForm.getByLabel("Tool").selectOption("propose_status");
  await inbox.filterForm.getByRole("button", { name: "Apply" }).click();
  await expect(inbox.range).toHaveText("1–25 of 25");
  await expect(app.page.getByRole("link", { name: "Pending (25)" })).toBeVisible();
  expect(new URL(app.page.url()).searchParams.get("tool")).toBe("propose_status");

  // Search: the exact count, page 2 and back.
  const { search } = app;
  await search.goto(slug);
  await search.search("refund");
  await expect(search.count).toHaveText("45 matches");
  await expect(search.hits).toHaveCount(20);
  await expect(search.hits.first()).toContainText("Refund 45");
  await search.next();
  await expect(search.hits).toHaveCount(20);
  await expect(search.hits.first()).toContainText("Refund 25");
  await search.next();
  await expect(search.hits).toHaveCount(5);
  await search.previous();
  await expect(search.hits.first()).toContainText("Refund 25");
  await expect(search.count).toHaveText("45 matches");
  expect(consoleErrors).toEqual([]);
});
