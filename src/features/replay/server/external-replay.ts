import "server-only";
import type { ReplayedRun } from "@/features/decision-model/predict";
import { recordModelUsage } from "@/features/usage/server";
import { UsageMeter } from "@/ai/usage";
import { db } from "@/server/db";
import { compareRun, type RunComparison } from "../compare";
import { callReplayEndpoint, type ReplayRequest } from "./endpoint";
import type { ReplaySummary } from "../score";
import { failCheck, finishCheck, judgeChanges, loadProposalForReplay, replayModels, runReplayCheck, startCheck, type ReplayModels } from "./run-replay-check";
import { DEFAULT_SAMPLE_SIZE, loadExternalRun, sampleExternalRuns } from "./sample";

// The replay check of a template whose agents run in the team's own code. The replay-check job
// runs it in steps, so the workflow engine retries each run on its own and a retry never replays
// the runs already done: `plan` (which runs, or why none can be replayed), one step per run (the
// replay endpoint called for the head and the candidate side, both at once; the template's
// evaluator judges the rejected proposals made differently, as for the product's own runs), and
// `finish` (the same scores and intervals). The agents' own tokens are reported by the endpoint and
// counted in the check's cost; only the judge's are the workspace's model usage. A check stops
// taking new runs once its token budget is spent, and says so.

/** The tokens one check may spend (both sides as the endpoint reports them, and the judge). */
export const EXTERNAL_REPLAY_TOKEN_BUDGET = 1_000_000;

export const NO_ENDPOINT =
  "This template's agents run in your own code and it names no replay endpoint, so last week's runs cannot be played again with these directives. An admin can add one under “Where the agents run” on the Instances tab.";
export const NO_INPUTS =
  "None of last week's runs came with their inputs (the “inputs” field of POST /api/v1/runs), so the replay endpoint has nothing to play again.";

export type ReplayPlan =
  /** The product runs this template's agents: runReplayCheck replays them here. */
  | { mode: "internal" }
  /** The proposal or its template is gone. */
  | { mode: "skipped" }
  /** Nothing can be replayed; the check is done and says why. */
  | { mode: "done"; summary: ReplaySummary }
  | { mode: "external"; checkId: string; runIds: string[] };

export async function planReplayCheck({ workspaceId, proposalId, sampleSize = DEFAULT_SAMPLE_SIZE }: { workspaceId: string; proposalId: string; sampleSize?: number }): Promise<ReplayPlan> {
  const loaded = await loadProposalForReplay(workspaceId, proposalId);
  if (!loaded) return { mode: "skipped" };
  const { proposal, template } = loaded;
  if (!template.runsExternally && !template.replayUrl) return { mode: "internal" };
  const check = await startCheck(workspaceId, proposalId);
  const nothing = async (noReplay: string) => ({ mode: "done" as const, summary: await finishCheck({ checkId: check.id, workspaceId, proposal, comparisons: [], replayed: [], tokens: 0, notes: { noReplay } }) });
  if (!template.replayUrl || !template.replaySecret) return nothing(NO_ENDPOINT);
  const runs = await sampleExternalRuns({ workspaceId, templateId: proposal.templateId, before: proposal.createdAt, size: sampleSize });
  await db.replayCheck.update({ where: { id: check.id }, data: { sampled: runs.length } });
  if (runs.length === 0) return nothing(NO_INPUTS);
  return { mode: "external", checkId: check.id, runIds: runs.map((r) => r.id) };
}

/** One run played by the replay endpoint; memoized by the job as its step's output. */
export type ExternalRunResult = { comparison: RunComparison; replayed: ReplayedRun; tokens: number };

/**
 * Replays one sampled run through the endpoint (throws a ReplayCallError the job turns into a retry
 * or a failure). `done` and `tokensSoFar` are the runs and tokens before this one (the progress
 * shown). Null when the run, the proposal or the endpoint is gone meanwhile: the run is left out.
 */
export async function replayExternalRun({ workspaceId, proposalId, checkId, runId, done, tokensSoFar, models = {} }: { workspaceId: string; proposalId: string; checkId: string; runId: string; done: number; tokensSoFar: number; models?: ReplayModels }): Promise<ExternalRunResult | null> {
  const [loaded, run] = await Promise.all([loadProposalForReplay(workspaceId, proposalId), loadExternalRun(workspaceId, runId)]);
  if (!loaded || !run) return null;
  const { proposal, template, headDirectives } = loaded;
  const { replayUrl: url, replaySecret: secret } = template;
  if (!url || !secret) return null;
  const request = (side: ReplayRequest["side"], directives: string): ReplayRequest => ({
    type: "replay.run",
    checkId,
    proposalId,
    side,
    directives,
    run: { id: run.id, externalId: run.externalId, agentId: run.agentId, startedAt: run.startedAt.toISOString() },
    inputs: run.inputs,
  });
  const [head, candidate] = await Promise.all([callReplayEndpoint({ url, secret, request: request("head", headDirectives) }), callReplayEndpoint({ url, secret, request: request("candidate", proposal.directives) })]);
  const meter = new UsageMeter();
  const { judged, tokens: judgeTokens } = await judgeChanges(run.decided, candidate, replayModels(template, models).evaluate, { meter, tags: { workspaceId, templateId: proposal.templateId, runId: checkId } });
  const tokens = head.tokens + candidate.tokens + judgeTokens;
  await db.$transaction(async (t) => {
    await t.replayCheck.update({ where: { id: checkId }, data: { replayed: done + 1, tokens: tokensSoFar + tokens } });
    await recordModelUsage(t, { workspaceId, templateId: proposal.templateId, at: new Date(), entries: meter.entries() });
  });
  return { comparison: compareRun(run.id, run.decided, head, candidate, judged), replayed: { head: head.output, candidate: candidate.output, checklist: null }, tokens };
}

export async function finishExternalReplayCheck({ workspaceId, proposalId, checkId, results, stopped }: { workspaceId: string; proposalId: string; checkId: string; results: ExternalRunResult[]; stopped?: string }) {
  const loaded = await loadProposalForReplay(workspaceId, proposalId);
  if (!loaded) return { status: "skipped" as const };
  const tokens = results.reduce((sum, r) => sum + r.tokens, 0);
  const summary = await finishCheck({ checkId, workspaceId, proposal: loaded.proposal, comparisons: results.map((r) => r.comparison), replayed: results.map((r) => r.replayed), tokens, notes: stopped ? { stopped } : {} });
  return { status: "done" as const, summary };
}

/** Why a check takes no further run: its token budget is spent (null: go on). */
export function budgetStop(tokens: number, done: number, sampled: number): string | null {
  if (tokens < EXTERNAL_REPLAY_TOKEN_BUDGET) return null;
  return `Stopped after ${done} of ${sampled} runs: the check's budget of ${EXTERNAL_REPLAY_TOKEN_BUDGET.toLocaleString("en")} tokens was spent.`;
}

/** How each part of an external check runs: the job makes it a workflow step (memoized, retried); the lab just calls it. */
export type RunStep = <T>(name: string, work: () => Promise<T>) => Promise<T>;

/**
 * The planned runs replayed one by one through `step` (`run 1` … `run N`), stopping at the token
 * budget, then `finish` (the scores) — or `failed` when a run could not be replayed. The control
 * flow only depends on what earlier steps returned, so a job that re-runs it after a retry takes
 * the same path.
 */
export async function replayExternalRuns(plan: { checkId: string; runIds: string[] }, { workspaceId, proposalId, models = {} }: { workspaceId: string; proposalId: string; models?: ReplayModels }, step: RunStep) {
  const { checkId, runIds } = plan;
  const results: ExternalRunResult[] = [];
  let tokens = 0;
  let stopped: string | null = null;
  for (const [index, runId] of runIds.entries()) {
    if ((stopped = budgetStop(tokens, results.length, runIds.length))) break;
    const [done, tokensSoFar] = [results.length, tokens];
    let result: ExternalRunResult | null;
    try {
      result = await step(`run ${index + 1}`, () => replayExternalRun({ workspaceId, proposalId, checkId, runId, done, tokensSoFar, models }));
    } catch (e) {
      const error = e instanceof Error ? e.message : String(e);
      return step("failed", () => failExternalReplayCheck({ proposalId, checkId, error }));
    }
    if (result) {
      results.push(result);
      tokens += result.tokens;
    }
  }
  return step("finish", () => finishExternalReplayCheck({ workspaceId, proposalId, checkId, results, stopped: stopped ?? undefined }));
}

/**
 * The whole check in one call, for a caller that drives its jobs itself (the lab): what the
 * replay-check job does in steps, without the engine's retries — a failed call fails the check.
 */
export async function runReplayCheckNow({ workspaceId, proposalId, models = {}, sampleSize }: { workspaceId: string; proposalId: string; models?: ReplayModels; sampleSize?: number }) {
  const plan = await planReplayCheck({ workspaceId, proposalId, sampleSize });
  if (plan.mode === "internal") return runReplayCheck({ workspaceId, proposalId, models, sampleSize });
  if (plan.mode === "skipped") return { status: "skipped" as const };
  if (plan.mode === "done") return { status: "done" as const, summary: plan.summary };
  return replayExternalRuns(plan, { workspaceId, proposalId, models }, (_name, work) => work());
}

export async function failExternalReplayCheck({ proposalId, checkId, error }: { proposalId: string; checkId: string; error: string }) {
  return { status: "failed" as const, error: await failCheck(checkId, new Error(error), proposalId) };
}
