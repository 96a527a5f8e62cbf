import { addMember, makeAgentRows, makeTemplateRow, makeWorkspace } from "../factories";
import { expect, test } from "./support/fixtures";

// The agents list at scale: 1,000 agents (one createMany), counted, paged with keyset cursors in
// the URL, filtered by template and status, ordered by name.

test("1,000 agents: the count, page 2 and back, a template and status filter, by name", async ({ app, signIn, db }) => {
  const { workspace, owner } = await makeWorkspace({ owner: { name: "Paula Pager" } }, db);
  await addMember(workspace.id, "viewer", {}, db);
  const { template: triage } = await makeTemplateRow(workspace.id, { name: "Ticket Triage" }, db);
  const { template: billing } = await makeTemplateRow(workspace.id, { name: "Billing Helper" }, db);
  // 950 triage agents (every 10th dormant) and 50 billing agents: 1,000 in all.
  const triageNames = await makeAgentRows(triage, 950, { prefix: "Triage", lifecycle: (i) => (i % 10 === 9 ? "dormant" : "active") }, db);
  await makeAgentRows(billing, 50, { prefix: "Billing", start: new Date(Date.now() - 10 * 86_400_000) }, db);
  const slug = workspace.slug;
  const { agents } = app;

  await signIn(owner.email);
  await agents.goto(slug);
  await expect(app.page.getByText("1,000 agents in this workspace.")).toBeVisible();
  await expect(agents.range).toHaveText("1–50 of 1,000");
  await expect(agents.rows).toHaveCount(50);
  await expect(agents.rows.first()).toContainText("Triage 950"); // newest first

  await agents.next();
  await expect(agents.range).toHaveText("51–100 of 1,000");
  await expect(agents.rows.first()).toContainText("Triage 900");
  expect(new URL(app.page.url()).searchParams.get("after")).toBeTruthy();
  await app.page.screenshot({ caret: "initial", path: "test-results/screens/agents-page-2.png", fullPage: false });
  // A reload of page 2 is page 2 (the cursor is in the URL).
  await app.page.reload();
  await expect(agents.range).toHaveText("51–100 of 1,000");
  await agents.previous();
  await expect(agents.range).toHaveText("1–50 of 1,000");
  await expect(agents.rows.first()).toContainText("Triage 950");

  await agents.filter({ template: "Ticket Triage", status: "dormant" });
  await expect(app.page.getByText("95 agents match.")).toBeVisible();
  await expect(agents.range).toHaveText("1–50 of 95");
  const url = new URL(app.page.url());
  expect(url.searchParams.get("template")).toBe(triage.id);
  expect(url.searchParams.get("status")).toBe("dormant");
  await agents.next();
  await expect(agents.range).toHaveText("51–95 of 95");
  await expect(agents.rows).toHaveCount(45);
  await expect(app.page.getByRole("navigation", { name: "Pages" }).getByRole("link", { name: "Next →" })).toHaveCount(0);
  expect(new URL(app.page.url()).searchParams.get("status")).toBe("dormant"); // paging keeps the filters

  await agents.goto(slug, `?template=${billing.id}&sort=name`);
  await expect(agents.range).toHaveText("1–50 of 50");
  await expect(agents.rows.first()).toContainText("Billing 01");
  await expect(agents.filterForm.getByLabel("Order")).toHaveValue("name");
  await app.page.screenshot({ caret: "initial", path: "test-results/screens/agents-filtered.png", fullPage: false });

  // A hand-edited URL falls back to no filter / the first page, never an error page.
  const res = await app.page.goto(`/w/${slug}/agents?status=sleeping&after=garbage&sort=sideways`);
  expect(res?.status()).toBe(200);
  await expect(agents.range).toHaveText("1–50 of 1,000");
  expect(triageNames).toHaveLength(950);
});
