import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { builtinModel } from "@/ai/providers/builtin";
import { recordRun } from "@/features/agents/server";
import { createChangeSet, decideChangeItems } from "@/features/decisions/server";
import { recordProposal, startSession } from "@/features/one-on-one/server";
import { createTemplateWithImprover } from "@/features/rituals/server";
import { describeSummary } from "@/features/replay/score";
import { getReplayChecks, updateExternalAgentSettings } from "@/features/replay/server";
import { NO_ENDPOINT, NO_INPUTS } from "@/features/replay/server/external-replay";
import { runTaskAgentWake } from "@/features/runtime/server";
import { requestManualWake } from "@/features/runtime/server/request-manual-wake";
import { createTask } from "@/features/tasks/server/create-task";
import { createReplayCheckFunction } from "@/inngest/functions/replay-check";
import type { Prisma } from "@/generated/prisma/client";
import { db } from "@/server/db";
import { asNodeListener, serveReplay, verifyWebhook, type ReplayAnswer, type ReplayRequest } from "../../../packages/client/src";
import { makeWorkspace, uid } from "../../factories";
import { drainUntilEnded, executorsForThisFile, testClock, testId } from "../jobs/harness";

// The replay check of a template whose agents run in the team's own code: a real HTTP endpoint
// served with the typed client's serveReplay (signature checked) plays each of last week's runs from
// the inputs its agent sent, with the head's and the candidate's directives; the replay-check job
// runs through the local executor (one step per run, retried by the engine). The fixture's
// decisions are known, so the counts are exact.

const HEAD = "Help people finish their tasks.";
const CANDIDATE = `${HEAD}\n- Keep checklists to at most 3 items.`;
const LONG = ["Reproduce the issue", "Check the logs", "Write the fix", "Review the fix", "Deploy", "Tell the customer"];

/** The team's agent: reads its directives as the task agent of replay-check.test.ts does. */
function agentAnswer(directives: string): ReplayAnswer {
  const items = /at most 3 items/.test(directives) ? LONG.slice(0, 3) : LONG;
  return {
    proposals: [
      { tool: "propose_checklist_items", args: { items }, summary: "Steps to close the ticket." },
      { tool: "propose_estimate", args: { minutes: 60 }, summary: "About an hour." },
      { tool: "propose_status", args: { status: "in_progress" }, summary: "Work has started." },
    ],
    report: { markdown: `Plan of ${items.length} steps.`, confidence: 0.8 },
    inputTokens: 100,
    outputTokens: items.length * 10,
  };
}

const servers: Server[] = [];
const newExecutor = executorsForThisFile();
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => new Promise<void>((r) => s.close(() => r()))));
});

type Call = { request: ReplayRequest; headers: Record<string, string | undefined>; body: string };

/** A replay endpoint on 127.0.0.1: `fail(n)` may answer the n-th call (1-based) with a status instead. */
async function endpoint(secret: string, fail: (n: number) => { status: number; headers?: Record<string, string> } | null = () => null) {
  const calls: Call[] = [];
  const serve = serveReplay((request) => agentAnswer(request.directives), { secret });
  const listener = asNodeListener(serve);
  const server = createServer((req, res) => {
    let body = "";
    req.on("data", (c) => (body += c));
    req.on("end", () => {
      calls.push({ request: JSON.parse(body) as ReplayRequest, headers: req.headers as Record<string, string | undefined>, body });
      const failure = fail(calls.length);
      if (failure) return void res.writeHead(failure.status, failure.headers).end("not now");
      // serveReplay reads the body itself: hand it a fresh stream of the same bytes.
      const replay = Object.assign([Buffer.from(body)], { method: req.method, url: req.url, headers: req.headers });
      listener(replay as never, res);
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  servers.push(server);
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/replay`, calls };
}

async function fixture({ withEndpoint = true, withInputs = true, fail }: { withEndpoint?: boolean; withInputs?: boolean; fail?: Parameters<typeof endpoint>[1] } = {}) {
  // The executor first: the fixture's writes stage events (feedback to classify) it receives and ignores.
  const clock = testClock(Date.now());
  const functionId = testId("replay-check");
  const executor = await newExecutor({ functions: [createReplayCheckFunction({ id: functionId, models: { evaluate: builtinModel("evaluator") } })], now: clock.now, work: false });
  const { workspace, scope } = await makeWorkspace();
  const template = await createTemplateWithImprover({ scope, name: `External ${uid()}`, directives: HEAD, refineConfig: { gates: [], qualityThreshold: 0.9, maxIterations: 1, models: {} } });
  const placeholder = `http://127.0.0.1:9/replay`;
  const settings = await updateExternalAgentSettings({ scope, templateId: template.id, runsExternally: true, replayUrl: withEndpoint ? placeholder : null });
  const server = withEndpoint ? await endpoint(settings.replaySecret!, fail) : null;
  if (server) await db.agentTemplate.update({ where: { id: template.id }, data: { replayUrl: server.url } });

  // Three runs the team's agent reported with their inputs, and what people did with their
  // proposals: run 1 rejects the checklist and confirms the estimate, run 2 rejects the checklist
  // and confirms the status, run 3 confirms the checklist.
  const verdicts: Record<string, "confirmed" | "rejected">[] = [
    { propose_checklist_items: "rejected", propose_estimate: "confirmed" },
    { propose_checklist_items: "rejected", propose_status: "confirmed" },
    { propose_checklist_items: "confirmed" },
  ];
  const runs = [];
  for (const [n, decide] of verdicts.entries()) {
    const { agent } = await createTask({ scope, title: `Ticket ${n + 1}: the export fails`, description: "Exports time out for large accounts.", templateId: template.id, wakeAgent: false });
    const inputs = { ticket: { id: `T-${n + 1}`, title: `Ticket ${n + 1}: the export fails` }, history: [`seen ${n} times`] };
    const run = await recordRun({ scope, agentId: agent!.id, reason: "creation", status: "succeeded", startedAt: new Date(Date.now() - 3_600_000), durationMs: 900, ...(withInputs ? { inputs } : {}) });
    runs.push({ run, inputs });
    const set = await createChangeSet({ scope, agentId: agent!.id, wakeRunId: run.id, items: agentAnswer(HEAD).proposals!.map((p) => ({ tool: p.tool, args: (p.args ?? {}) as Prisma.InputJsonObject, summary: p.summary! })) });
    for (const item of set.items) {
      const verdict = decide[item.tool];
      if (verdict) await decideChangeItems({ scope, itemIds: [item.id], verdict, reason: verdict === "rejected" ? "Six steps for this is far too many." : undefined });
    }
  }
  const { session } = await startSession({ scope, templateId: template.id });
  return { workspace, scope, template, session, server, runs, secret: settings.replaySecret, executor, clock, functionId };
}

/** Records the proposal (its event goes to the executor) and runs the replay-check job to its end. */
async function checkProposal(f: Awaited<ReturnType<typeof fixture>>) {
  const { proposalId } = await recordProposal({ workspaceId: f.workspace.id, sessionId: f.session.id, input: { directives: CANDIDATE, rationale: "Shorter checklists.", confidence: 0.9 } });
  const status = await drainUntilEnded(f.executor, f.clock, f.functionId);
  return { proposalId, status, check: (await getReplayChecks(f.workspace.id, [proposalId])).get(proposalId)! };
}

describe("the replay check of external agents", () => {
  it("plays each run through the replay endpoint, signed, with the stored inputs and both sides' directives, and counts exactly", async () => {
    const f = await fixture();
    const { status, check } = await checkProposal(f);
    expect(status).toBe("completed");
    expect(check).toMatchObject({ status: "done", sampled: 3, replayed: 3 });
    // As for the product's own agents: both rejected 6-item checklists come back with 3 items,
    // judged to address "far too many"; the estimate and the status are kept; the accepted
    // checklist is altered.
    expect(check.summary).toMatchObject({ runs: 3, rejections: 2, avoided: { value: 2 }, changed: 2, addressed: 2, acceptances: 3, lost: 0, altered: 1, newProposals: 3 });
    expect(check.summary!.tokens).toMatchObject({ head: 3 * (100 + 60), candidate: 3 * (100 + 30) });

    const calls = f.server!.calls;
    expect(calls).toHaveLength(6);
    for (const c of calls) expect(verifyWebhook({ headers: c.headers, body: c.body, secret: f.secret! })).toBe(true);
    const byRun = new Map(f.runs.map((r) => [r.run.id, r.inputs]));
    for (const c of calls) {
      expect(c.request.inputs).toEqual(byRun.get(c.request.run.id));
      expect(c.request.directives).toBe(c.request.side === "head" ? HEAD : CANDIDATE);
    }
    expect(calls.map((c) => `${c.request.run.id}:${c.request.side}`).sort()).toEqual(f.runs.flatMap((r) => [`${r.run.id}:candidate`, `${r.run.id}:head`]).sort());
  });

  it("retries a run the endpoint could not answer (503, Retry-After) and never replays the runs already done", async () => {
    const f = await fixture({ fail: (n) => (n === 3 ? { status: 503, headers: { "retry-after": "1" } } : null) });
    const { status, check } = await checkProposal(f);
    expect(status).toBe("completed");
    expect(check).toMatchObject({ status: "done", replayed: 3 });
    expect(check.summary).toMatchObject({ runs: 3, rejections: 2, avoided: { value: 2 } });
    const perRun = new Map<string, number>();
    for (const c of f.server!.calls) perRun.set(c.request.run.id, (perRun.get(c.request.run.id) ?? 0) + 1);
    // The second run's step failed once (its two calls were made again); the others ran once.
    expect([...perRun.values()].sort()).toEqual([2, 2, 4]);
  });

  it("fails the check with the endpoint's reason when it refuses a run (4xx): another attempt cannot help", async () => {
    const f = await fixture({ fail: () => ({ status: 422 }) });
    const { check } = await checkProposal(f);
    expect(check.status).toBe("failed");
    expect(check.error).toMatch(/The replay endpoint refused the run \(422: not now\)/);
    // Not retried: the two calls of the first run only.
    expect(f.server!.calls).toHaveLength(2);
  });

  it("says why no replay is possible without an endpoint, or when no run came with its inputs", async () => {
    const none = await checkProposal(await fixture({ withEndpoint: false }));
    expect(none.check).toMatchObject({ status: "done", sampled: 0 });
    expect(describeSummary(none.check.summary!)).toBe(NO_ENDPOINT);

    const noInputs = await fixture({ withInputs: false });
    const bare = await checkProposal(noInputs);
    expect(describeSummary(bare.check.summary!)).toBe(NO_INPUTS);
    expect(noInputs.server!.calls).toHaveLength(0);
  });

  it("never wakes the agents of a template that runs in the team's own code", async () => {
    const f = await fixture({ withEndpoint: false });
    const agent = await db.agent.findFirstOrThrow({ where: { workspaceId: f.workspace.id, templateId: f.template.id, kind: "taskAgent" } });
    expect(await runTaskAgentWake({ workspaceId: f.workspace.id, agentId: agent.id, reason: "manual" })).toEqual({ runId: null, status: "skipped" });
    await expect(requestManualWake({ scope: f.scope, agentId: agent.id })).rejects.toMatchObject({ code: "CONFLICT" });
  });
});

describe("the replay endpoint setting", () => {
  it("checks the URL, makes a signing secret once and keeps it when the URL changes, and drops it with the URL", async () => {
    const { scope } = await makeWorkspace();
    const template = await createTemplateWithImprover({ scope, name: `External ${uid()}`, directives: HEAD });
    await expect(updateExternalAgentSettings({ scope, templateId: template.id, runsExternally: true, replayUrl: "ftp://agents.example.com" })).rejects.toMatchObject({ code: "BAD_REQUEST" });
    const first = await updateExternalAgentSettings({ scope, templateId: template.id, runsExternally: true, replayUrl: "https://agents.example.com/replay" });
    expect(first.replaySecret).toMatch(/^whsec_/);
    const moved = await updateExternalAgentSettings({ scope, templateId: template.id, runsExternally: true, replayUrl: "https://agents.example.com/v2/replay" });
    expect(moved.replaySecret).toBe(first.replaySecret);
    const cleared = await updateExternalAgentSettings({ scope, templateId: template.id, runsExternally: false, replayUrl: null });
    expect(cleared).toEqual({ runsExternally: false, replayUrl: null, replaySecret: null });
    const other = await makeWorkspace();
    await expect(updateExternalAgentSettings({ scope: other.scope, templateId: template.id, runsExternally: true, replayUrl: null })).rejects.toMatchObject({ code: "NOT_FOUND" });
  });
});
