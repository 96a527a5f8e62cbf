import { makeAgentRows, makeTemplateRow, makeWorkspace } from "../factories";
import { expect, test } from "./support/fixtures";

// "Where the agents run" on a template's Instances tab, as an admin uses it on the production
// build: the agents move to the team's own code with a replay endpoint (a signing secret appears),
// "Run now" gives way to "Runs in your own code"; a member reads the choice and the endpoint's
// origin, never its path nor the secret.

test("an admin moves a template's agents to their own code with a replay endpoint; members see no secret", async ({ app, signIn, asUser, db }) => {
  const { page } = app;
  const { workspace, owner, members } = await makeWorkspace({ roles: ["member"] }, db);
  const { template } = await makeTemplateRow(workspace.id, { name: "Ticket Triage" }, db);
  const [agentName] = await makeAgentRows(template, 1, { prefix: "Triage" }, db);
  const agent = await db.agent.findFirstOrThrow({ where: { workspaceId: workspace.id, displayName: agentName } });

  await signIn(owner.email);
  await page.goto(`/w/${workspace.slug}/templates/${template.id}/instances`);
  const card = page.getByTestId("external-agents");
  await expect(card).toContainText("Agent Coach runs these agents");
  await card.getByLabel(/In your own code/).check();
  await card.getByLabel("Replay endpoint (optional)").fill("https://agents.example.com/agent-coach/replay?token=s3cret");
  await card.getByRole("button", { name: "Save" }).click();
  await expect(card.getByRole("status")).toHaveText("Saved.");
  await expect(card).toContainText("These agents run in your own code");
  await expect(card).toContainText("through https://agents.example.com.");
  await expect(card.getByTestId("replay-secret")).toHaveText(/^whsec_/);

  // Nothing here wakes them any more.
  await page.goto(`/w/${workspace.slug}/agents/${agent.id}`);
  await expect(page.getByText("Runs in your own code")).toBeVisible();
  await expect(page.getByRole("button", { name: "Run now" })).toHaveCount(0);

  // A bad URL is refused with its reason, and nothing changes.
  await page.goto(`/w/${workspace.slug}/templates/${template.id}/instances`);
  await card.getByLabel("Replay endpoint (optional)").fill("ftp://agents.example.com/replay");
  await card.getByRole("button", { name: "Save" }).click();
  await expect(card).toContainText("The URL must start with https:// (or http://).");
  expect(await db.agentTemplate.findUniqueOrThrow({ where: { id: template.id }, select: { replayUrl: true } })).toEqual({ replayUrl: "https://agents.example.com/agent-coach/replay?token=s3cret" });

  const member = await asUser(members.member.email);
  await member.page.goto(`/w/${workspace.slug}/templates/${template.id}/instances`);
  const seen = member.page.getByTestId("external-agents");
  await expect(seen).toContainText("through https://agents.example.com.");
  await expect(seen).not.toContainText("s3cret");
  await expect(seen.getByTestId("replay-secret")).toHaveCount(0);
  await expect(seen.getByRole("button", { name: "Save" })).toHaveCount(0);
  expect(await member.page.content()).not.toContain("token=s3cret");
});
