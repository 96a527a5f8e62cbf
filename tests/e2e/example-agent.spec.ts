import { spawn } from "node:child_process";
import { newApiKeySecret } from "@/features/api-keys/server/api-key-secret";
import { makeTemplateRow, makeWorkspace, uid } from "../factories";
import { expect, test } from "./support/fixtures";
import { APP_URL } from "./support/ports";

// The runnable example (examples/support-agent.ts) against the production build: an agent in the
// team's own code, through the typed client only (packages/client), takes part like the product's
// own — registered under its own id, running the directives it is given, its run, observation and
// proposal where people look.

function runExample(env: Record<string, string>) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
    const child = spawn(process.execPath, ["--import", "tsx", "examples/support-agent.ts"], { env: { ...process.env, ...env } });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (c) => (stdout += c));
    child.stderr.on("data", (c) => (stderr += c));
    child.on("exit", (code) => resolve({ code, stdout, stderr }));
  });
}

test("the example agent reports through the typed client: registered once by its own id, its runs on the version it was given, its proposal on the run page", async ({ app, signIn, db }) => {
  const { workspace, owner } = await makeWorkspace({}, db);
  const { template } = await makeTemplateRow(workspace.id, { name: `Support ${uid()}`, versions: [{ directives: "Answer in one sentence." }] }, db);
  const { secret, prefix, hash } = newApiKeySecret();
  await db.apiKey.create({ data: { workspaceId: workspace.id, name: "Example agent", prefix, hash, scopes: ["read", "write"], createdById: owner.id } });
  const env = { AGENT_COACH_URL: APP_URL, AGENT_COACH_API_KEY: secret, AGENT_COACH_TEMPLATE_ID: template.id, AGENT_ID_OF_YOURS: `support-${uid()}` };

  const first = await runExample(env);
  expect(first.stderr, first.stderr).toBe("");
  expect(first.code).toBe(0);
  const out = JSON.parse(first.stdout.trim().split("\n").at(-1)!);
  expect(out).toMatchObject({ template: template.id, version: 1, sameDirectivesOnSecondFetch: true, arm: null, warning: null });

  const second = JSON.parse((await runExample(env)).stdout.trim().split("\n").at(-1)!);
  expect(second.agent).toBe(out.agent); // the same agent: registered by its own id
  expect(await db.wakeRun.count({ where: { agentId: out.agent } })).toBe(2);
  expect(await db.agent.findUniqueOrThrow({ where: { id: out.agent } })).toMatchObject({ externalId: env.AGENT_ID_OF_YOURS, workspaceId: workspace.id });

  await signIn(owner.email);
  await app.run.goto(workspace.slug, out.agent, out.run);
  await expect(app.run.proposals).toHaveCount(1);
  await expect(app.run.proposal("About 20 minutes")).toBeVisible();
  await expect(app.page.getByText("Money owed to the customer: answer today.")).toBeVisible();
});
