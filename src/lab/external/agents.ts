import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { TaskContext } from "@/ai/prompts/task-agent";
import { createApiKey } from "@/features/api-keys/server";
import { updateExternalAgentSettings } from "@/features/replay/server";
import { selfRefine, settleRefineResult, type RefineModels } from "@/features/runtime/server";
import type { RefineConfig } from "@/features/templates/schemas";
import { AgentCoachClient, asNodeListener, serveReplay, type ReplayAnswer } from "../../../packages/client/src";
import type { LabWorkspace } from "../setup";
import { startApiServer } from "./api-server";

// `npm run lab -- --external`: the simulated team's task agents run as a team's own service would —
// outside the product, talking to it only through the typed client (packages/client) over HTTP:
// each ticket's agent registers under the team's id, fetches the directives it must run (its
// probation arm's while a probation runs), does its work (the same self-refine loop and models as
// the product's own wake, as the team's code), and reports the run with what it was given, its
// proposals, report and observations. The template is marked as running in the team's own code, so
// the product never wakes these agents, and names the lab's replay endpoint (serveReplay), which
// plays a stored run again with the directives it is sent. People (the personas) still act in the
// product.

export type ExternalTicket = { key: string; taskId: string; title: string; description: string; status: TaskContext["task"]["status"] };

/** What a run is given, as this team's service stores it (sent as the run's `inputs`). */
type Given = { task: TaskContext["task"]; state: { wakeCounter: number; lastWakeAt: string | null; slots: unknown }; observations: string[] };

export type ExternalAgents = {
  /** One ticket worked by its agent; the product's id of the run it reported. */
  work(ticket: ExternalTicket): Promise<{ agentId: string; runId: string; status: "succeeded" | "failed" }>;
  close(): Promise<void>;
};

export async function startExternalAgents(ws: LabWorkspace, models: Partial<RefineModels>, refine: RefineConfig): Promise<ExternalAgents> {
  const loop = (directives: string, given: Given) =>
    selfRefine({
      ctx: { directives, task: given.task, state: { ...given.state, lastWakeAt: given.state.lastWakeAt ? new Date(given.state.lastWakeAt) : null }, observations: given.observations },
      gates: refine.gates,
      qualityThreshold: refine.qualityThreshold,
      maxIterations: refine.maxIterations,
      models: models as RefineModels,
    });

  // The replay endpoint: the stored inputs played again with the directives sent. It listens first
  // (its URL names the port); the handler is set once the template's secret exists.
  let handle: (request: Request) => Promise<Response> = async () => new Response("not ready", { status: 503 });
  const replayServer: Server = createServer(asNodeListener((request) => handle(request)));
  await new Promise<void>((resolve) => replayServer.listen(0, "127.0.0.1", resolve));
  const settings = await updateExternalAgentSettings({ scope: ws.owner, templateId: ws.templateId, runsExternally: true, replayUrl: `http://127.0.0.1:${(replayServer.address() as AddressInfo).port}/replay` });
  handle = serveReplay(
    async ({ directives, inputs }): Promise<ReplayAnswer> => {
      const result = await loop(directives, inputs as Given);
      const { output, qualityScore: score, error } = settleRefineResult(result);
      if (error) throw new Error(error);
      return { ...output!, qualityScore: score, inputTokens: result.usage.inputTokens, outputTokens: result.usage.outputTokens };
    },
    { secret: settings.replaySecret! },
  );

  const api = await startApiServer();
  const key = await createApiKey({ scope: ws.owner, name: "Lab: the team's own agents", scopes: ["read", "write"] });
  const client = new AgentCoachClient({ baseUrl: api.url, apiKey: key.secret });

  return {
    async work(ticket) {
      const agent = await client.registerAgent({ templateId: ws.templateId, displayName: `Agent for ${ticket.title}`.slice(0, 120), taskId: ticket.taskId, externalId: `lab-${ticket.key}` });
      const { directives, versionId } = await client.directivesFor(agent.id);
      const given: Given = {
        task: { title: ticket.title, description: ticket.description, status: ticket.status, checklist: [], estimateMinutes: null },
        state: { wakeCounter: 0, lastWakeAt: null, slots: {} },
        observations: [],
      };
      const startedAt = new Date();
      const result = await loop(directives, given);
      const { output, qualityScore: score, error } = settleRefineResult(result);
      const run = await client.recordRun({
        agentId: agent.id,
        templateVersionId: versionId,
        reason: "creation",
        status: error ? "failed" : "succeeded",
        startedAt: startedAt.toISOString(),
        finishedAt: new Date().toISOString(),
        inputTokens: result.usage.inputTokens,
        outputTokens: result.usage.outputTokens,
        ...(score !== null ? { qualityScore: score } : {}),
        ...(result.iterations.length ? { iterations: result.iterations.length } : {}),
        ...(error ? { error: error.slice(0, 2000) } : {}),
        inputs: given,
      });
      if (output?.proposals.length) await client.proposeChanges({ agentId: agent.id, wakeRunId: run.id, items: output.proposals });
      if (output?.report) await client.writeReport({ agentId: agent.id, wakeRunId: run.id, markdown: output.report.markdown, ...(output.report.confidence !== null ? { confidence: output.report.confidence } : {}) });
      for (const text of output?.observations ?? []) await client.recordObservation({ agentId: agent.id, wakeRunId: run.id, text });
      return { agentId: agent.id, runId: run.id, status: error ? "failed" : "succeeded" };
    },
    async close() {
      await Promise.all([api.close(), new Promise<void>((resolve) => replayServer.close(() => resolve()))]);
    },
  };
}
