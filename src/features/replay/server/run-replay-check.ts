import "server-only";
import type { Prisma } from "@/generated/prisma/client";
import type { LanguageModel } from "ai";
import { modelLimits } from "@/ai/limits";
import { getModel } from "@/ai/models";
import { judgeChangePrompt, JudgementSchema } from "@/ai/prompts/judge-change";
import { withModelRetry } from "@/ai/retry";
import { generateStructured } from "@/ai/structured";
import { modelTelemetry, type ModelCallTags } from "@/ai/telemetry";
import { UsageMeter } from "@/ai/usage";
import { predictReplay, type ReplayedRun } from "@/features/decision-model/predict";
import { latestDecisionModel } from "@/features/decision-model/server";
import { replayContext, selfRefine, settleRefineResult, type RefineModels, type RefineResult } from "@/features/runtime/server";
import { RefineConfigSchema } from "@/features/templates/schemas";
import { recordModelUsage } from "@/features/usage/server";
import { seedOfText } from "@/lib/random";
import { db } from "@/server/db";
import { errorFields, logger } from "@/server/logger";
import { changedRejections, compareRun, type DecidedItem, type Judgement, type RunComparison, type RunSide } from "../compare";
import { summarize } from "../score";
import { DEFAULT_SAMPLE_SIZE, sampleRuns, type SampledRun } from "./sample";

// The replay check of one proposal (the replay-check job runs it): last week's sampled runs are
// played again with the proposed directives and with the head they would replace, on the same
// recorded inputs and the template's own models; each candidate run is compared with what people
// decided on the original — a rejected proposal made differently is judged by the evaluator model
// against the person's reason — and the scores get bootstrap intervals. Progress is written as it goes
// (the card shows "12 of 30 runs replayed"); a failure is stored with its reason, never thrown away.
// Agents that run in the team's own code are replayed by its endpoint instead (external-replay.ts),
// with the loading, scoring and storing below.

export type ReplayModels = Partial<RefineModels>;

/** The models a replay plays the template's runs with: the ones given, else the template's own (its refine config, its model). */
export function replayModels(template: { modelId: string | null; refineConfig: unknown }, models: ReplayModels = {}): RefineModels {
  const parsed = RefineConfigSchema.safeParse(template.refineConfig);
  const refine = parsed.success ? parsed.data : RefineConfigSchema.parse({});
  return {
    execute: models.execute ?? getModel("task", refine.models.execute ?? template.modelId),
    evaluate: models.evaluate ?? getModel("evaluator", refine.models.evaluate),
    refine: models.refine ?? getModel("refiner", refine.models.refine),
  };
}

/** One side of a replayed run from its refine loop; a loop that failed fails the check. */
export function sideOf(result: RefineResult): RunSide {
  const { output, qualityScore, error } = settleRefineResult(result);
  if (error !== null) throw new Error(error);
  return { output, score: qualityScore, tokens: result.usage.inputTokens + result.usage.outputTokens };
}

/** The proposal and its template, of this workspace (null when either is gone). */
export async function loadProposalForReplay(workspaceId: string, proposalId: string) {
  const proposal = await db.proposal.findFirst({
    where: { id: proposalId, workspaceId },
    select: { id: true, templateId: true, directives: true, createdAt: true, baseVersion: { select: { directives: true } } },
  });
  const template = proposal
    ? await db.agentTemplate.findFirst({
        where: { id: proposal.templateId, workspaceId },
        select: { modelId: true, refineConfig: true, runsExternally: true, replayUrl: true, replaySecret: true, head: { select: { directives: true } } },
      })
    : null;
  if (!proposal || !template) return null;
  return { proposal, template, headDirectives: proposal.baseVersion?.directives ?? template.head?.directives ?? "" };
}

/** The check's row, (re)started. */
export function startCheck(workspaceId: string, proposalId: string) {
  return db.replayCheck.upsert({
    where: { proposalId },
    create: { workspaceId, proposalId, status: "running", startedAt: new Date() },
    update: { status: "running", startedAt: new Date(), error: null, replayed: 0, tokens: 0 },
  });
}

/** Extra facts a summary carries: why nothing could be replayed, or where the check stopped. */
export type SummaryNotes = { noReplay?: string; stopped?: string };

/** Scores the replayed runs and stores the result. */
export async function finishCheck({ checkId, workspaceId, proposal, comparisons, replayed, tokens, notes = {} }: { checkId: string; workspaceId: string; proposal: { id: string; templateId: string }; comparisons: RunComparison[]; replayed: ReplayedRun[]; tokens: number; notes?: SummaryNotes }) {
  const fit = await latestDecisionModel({ workspaceId, templateId: proposal.templateId });
  const summary = {
    ...summarize(comparisons, seedOfText(proposal.id)),
    predicted: fit && replayed.length ? predictReplay(fit.model, replayed) : null,
    proposalsUnchanged: replayed.length > 0 && replayed.every((r) => sameProposals(r.head, r.candidate)),
    ...notes,
  };
  await db.replayCheck.update({
    where: { id: checkId },
    data: { status: "done", finishedAt: new Date(), replayed: comparisons.length, summary: summary as unknown as Prisma.InputJsonObject, runs: comparisons as unknown as Prisma.InputJsonArray, tokens },
  });
  return summary;
}

/** A check that could not finish, with its reason (shown on the card). */
export async function failCheck(checkId: string, e: unknown, proposalId: string) {
  logger.warn("replay: check failed", { proposalId, ...errorFields(e) });
  const error = (e instanceof Error ? e.message : String(e)).slice(0, 500);
  await db.replayCheck.update({ where: { id: checkId }, data: { status: "failed", finishedAt: new Date(), error } });
  return error;
}

/** The replay check of a proposal on a template whose agents the product runs: every sampled run played here. */
export async function runReplayCheck({ workspaceId, proposalId, models = {}, sampleSize = DEFAULT_SAMPLE_SIZE }: { workspaceId: string; proposalId: string; models?: ReplayModels; sampleSize?: number }) {
  const loaded = await loadProposalForReplay(workspaceId, proposalId);
  if (!loaded) return { status: "skipped" as const };
  const { proposal, template, headDirectives } = loaded;
  const check = await startCheck(workspaceId, proposalId);
  try {
    const resolved = replayModels(template, models);
    const runs = await sampleRuns({ workspaceId, templateId: proposal.templateId, before: proposal.createdAt, size: sampleSize });
    await db.replayCheck.update({ where: { id: check.id }, data: { sampled: runs.length } });

    const comparisons: RunComparison[] = [];
    const replayed: ReplayedRun[] = [];
    let tokens = 0;
    const tags: ModelCallTags = { workspaceId, templateId: proposal.templateId, runId: check.id };
    for (const run of runs) {
      // This run's tokens on both sides and the judge's, added to the usage ledger with its progress.
      const meter = new UsageMeter();
      const spend = { meter, tags };
      const [head, candidate] = [await replay(run, headDirectives, resolved, spend), await replay(run, proposal.directives, resolved, spend)];
      const { judged, tokens: judgeTokens } = await judgeChanges(run.decided, candidate, resolved.evaluate, spend);
      tokens += head.tokens + candidate.tokens + judgeTokens;
      comparisons.push(compareRun(run.id, run.decided, head, candidate, judged));
      replayed.push({ head: head.output, candidate: candidate.output, checklist: run.inputs.task.checklist });
      await db.$transaction(async (t) => {
        await t.replayCheck.update({ where: { id: check.id }, data: { replayed: comparisons.length, tokens } });
        await recordModelUsage(t, { workspaceId, templateId: proposal.templateId, at: new Date(), entries: meter.entries() });
      });
    }
    const summary = await finishCheck({ checkId: check.id, workspaceId, proposal, comparisons, replayed, tokens });
    return { status: "done" as const, summary };
  } catch (e) {
    return { status: "failed" as const, error: await failCheck(check.id, e, proposalId) };
  }
}

/** Both sides made the same proposals (tool, arguments), in any order. */
function sameProposals(a: ReplayedRun["head"], b: ReplayedRun["candidate"]): boolean {
  const key = (o: ReplayedRun["head"]) => (o?.proposals ?? []).map((p) => `${p.tool}:${JSON.stringify(p.args)}`).sort().join("|");
  return key(a) === key(b);
}

type Spend = { meter: UsageMeter; tags: ModelCallTags };

/** One recorded run played again with `directives`: its gates and refine loop as configured when it ran. */
async function replay(run: SampledRun, directives: string, models: RefineModels, spend: Spend): Promise<RunSide> {
  const { gates, qualityThreshold, maxIterations } = run.inputs.refine;
  return sideOf(await selfRefine({ ctx: replayContext(run.inputs, directives), gates, qualityThreshold, maxIterations, models, ...spend }));
}

/** The evaluator's judgement of each rejected proposal the candidate makes differently: does the change address the reason? */
export async function judgeChanges(decided: DecidedItem[], candidate: RunSide, model: LanguageModel, spend: Spend): Promise<{ judged: (Judgement | undefined)[]; tokens: number }> {
  const judged: (Judgement | undefined)[] = [];
  let tokens = 0;
  const limits = modelLimits("evaluator");
  for (const { index, before, after } of changedRejections(decided, candidate)) {
    // A rejection without a reason gives the evaluator nothing to judge by: not shown to be addressed.
    if (!before.reason?.trim()) continue;
    const { output, usage } = await withModelRetry(
      (abortSignal) => generateStructured({ model, ...judgeChangePrompt({ reason: before.reason!, before, after }), schema: JudgementSchema, maxOutputTokens: limits.maxOutputTokens, abortSignal, experimental_telemetry: modelTelemetry("evaluator", spend.tags) }),
      { timeoutMs: limits.timeoutMs, provider: model },
    );
    spend.meter.add("evaluator", model, usage);
    judged[index] = output;
    tokens += usage.inputTokens + usage.outputTokens;
  }
  return { judged, tokens };
}
