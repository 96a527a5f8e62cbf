// An agent that lives in your own code, reporting to Agent Coach through the typed client
// (packages/client). It registers itself under your own id, fetches the directives it must run
// (its probation arm's while a probation runs; a 304 when nothing changed), does its work — here a
// deterministic triage of one ticket, where your agent would call its model — and reports the run
// with the version it used, an observation, and a proposed change people confirm or reject.
//
//   AGENT_COACH_URL=http://localhost:3000 AGENT_COACH_API_KEY=ac_live_… npx tsx examples/support-agent.ts
//
// Optional: AGENT_COACH_TEMPLATE_ID (default: the workspace's first task template), AGENT_ID_OF_YOURS.
// Prints one JSON line: what it did.
import { AgentCoachClient, AgentCoachError } from "../packages/client/src";
import { triage, type Ticket } from "./triage";

const url = process.env.AGENT_COACH_URL;
const apiKey = process.env.AGENT_COACH_API_KEY;
if (!url || !apiKey) {
  console.error("Set AGENT_COACH_URL and AGENT_COACH_API_KEY (Settings → API keys, read and write).");
  process.exit(2);
}
const client = new AgentCoachClient({ baseUrl: url, apiKey });

const ticket: Ticket = { title: "Refund not received after 10 days", body: "I returned the headphones on the 2nd and still have no refund. Order 4411." };

try {
  const templates = await client.listTemplates();
  const template = templates.find((t) => t.id === process.env.AGENT_COACH_TEMPLATE_ID) ?? templates.find((t) => t.kind === "taskAgent");
  if (!template) throw new Error("The workspace has no task template: create one first.");

  const agent = await client.registerAgent({ templateId: template.id, displayName: "Support agent (example)", externalId: process.env.AGENT_ID_OF_YOURS ?? "example-support-agent" });
  const directives = await client.directivesFor(agent.id);
  const again = await client.directivesFor(agent.id); // before the next run: answered 304, served from the cache

  const startedAt = new Date();
  const result = triage(directives.directives, ticket);
  const run = await client.recordRun({
    agentId: agent.id,
    reason: "manual",
    status: "succeeded",
    templateVersionId: directives.versionId,
    startedAt: startedAt.toISOString(),
    finishedAt: new Date().toISOString(),
    inputTokens: 0,
    outputTokens: 0,
    // What the run was given: the template's replay endpoint (examples/replay-endpoint.ts) plays it again from this.
    inputs: { ticket },
  });
  const observation = await client.recordObservation({ agentId: agent.id, wakeRunId: run.id, text: result.note });
  const proposal = await client.proposeChanges({ agentId: agent.id, wakeRunId: run.id, items: [{ tool: "propose_estimate", args: { minutes: result.estimateMinutes }, summary: `About ${result.estimateMinutes} minutes` }] });

  console.log(JSON.stringify({ template: template.id, agent: agent.id, version: directives.version, sameDirectivesOnSecondFetch: again.versionId === directives.versionId, run: run.id, arm: run.arm, warning: run.warning, observation: observation.id, changeSet: proposal.id }));
} catch (e) {
  if (e instanceof AgentCoachError) console.error(`✖ ${e.status} ${e.code}: ${e.message}`);
  else console.error(`✖ ${(e as Error).message}`);
  process.exit(1);
}
