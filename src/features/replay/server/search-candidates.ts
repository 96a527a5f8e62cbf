import "server-only";
import { candidateVersions } from "@/ai/directives/candidates";
import { UsageMeter } from "@/ai/usage";
import { predictReplay } from "@/features/decision-model/predict";
import { latestDecisionModel } from "@/features/decision-model/server";
import { replayContext, selfRefine } from "@/features/runtime/server";
import { recordModelUsage } from "@/features/usage/server";
import { db } from "@/server/db";
import { chooseCandidate, type ScoredCandidate } from "../choose";
import { compareRun, type RunSide } from "../compare";
import { replayModels, sideOf, type ReplayModels } from "./run-replay-check";
import { sampleRuns, type SampledRun } from "./sample";

// The candidate search of a ritual's proposal: a few versions around what the improver proposed
// (the proposal, each change taken back alone, each changed number one step either way:
// ai/directives/candidates.ts) are played on the same sample of last week's runs, each compared
// with what people decided on the originals and scored by the decision model where nobody decided
// (choose.ts); the best is proposed, and the card lists every candidate with its figures. Bounded:
// at most CANDIDATES versions × SEARCH_RUNS runs, plus one head replay per run.

export const CANDIDATES = 6;
export const SEARCH_RUNS = 8;

export type CandidateSearch = { chosen: number; candidates: ScoredCandidate[]; runs: number; replays: number; tokens: number };

/** Null when there is nothing to choose between (one version) or no recorded run to play. */
export async function searchCandidates({
  workspaceId,
  templateId,
  head,
  proposed,
  before,
  models = {},
  exclude = [],
}: {
  workspaceId: string;
  templateId: string;
  head: string;
  proposed: string;
  before: Date;
  models?: ReplayModels;
  /** Versions people rejected: never tried (the proposal itself stays first either way). */
  exclude?: readonly string[];
}): Promise<CandidateSearch | null> {
  const turnedDown = new Set(exclude.map((d) => d.replace(/\s+/g, " ").trim().toLowerCase()));
  const versions = candidateVersions(head, proposed, CANDIDATES).filter((v, i) => i === 0 || !turnedDown.has(v.directives.replace(/\s+/g, " ").trim().toLowerCase()));
  if (versions.length < 2) return null;
  const runs = await sampleRuns({ workspaceId, templateId, before, size: SEARCH_RUNS });
  if (!runs.length) return null;
  const template = await db.agentTemplate.findFirst({ where: { id: templateId, workspaceId }, select: { modelId: true, refineConfig: true } });
  if (!template) return null;
  const resolved = replayModels(template, models);
  const meter = new UsageMeter();
  const tags = { workspaceId, templateId };
  let tokens = 0;
  const play = async (run: SampledRun, directives: string) => {
    const { gates, qualityThreshold, maxIterations } = run.inputs.refine;
    const side = sideOf(await selfRefine({ ctx: replayContext(run.inputs, directives), gates, qualityThreshold, maxIterations, models: resolved, meter, tags }));
    tokens += side.tokens;
    return side;
  };
  const heads: RunSide[] = [];
  for (const run of runs) heads.push(await play(run, head));
  const fit = await latestDecisionModel({ workspaceId, templateId });
  const candidates: ScoredCandidate[] = [];
  for (const version of versions) {
    const sides: RunSide[] = [];
    for (const run of runs) sides.push(await play(run, version.directives));
    // Not judged by the evaluator (that is the replay check's, on the one proposed): a rejected proposal made differently counts as avoided only when gone; the model scores the rest.
    const compared = runs.map((run, i) => compareRun(run.id, run.decided, heads[i]!, sides[i]!));
    const predicted = fit ? predictReplay(fit.model, runs.map((run, i) => ({ head: heads[i]!.output, candidate: sides[i]!.output, checklist: run.inputs.task.checklist }))) : null;
    const sum = (f: (c: (typeof compared)[number]) => number) => compared.reduce((s, c) => s + f(c), 0);
    candidates.push({
      label: version.label,
      directives: version.directives,
      runs: runs.length,
      rejections: sum((c) => c.rejected),
      avoided: sum((c) => c.avoided),
      acceptances: sum((c) => c.confirmed),
      lost: sum((c) => c.confirmed - c.kept - (c.altered ?? 0)),
      expectedAcceptance: predicted?.acceptance ?? null,
      expectedRating: predicted?.rating ?? null,
    });
  }
  await db.$transaction((t) => recordModelUsage(t, { workspaceId, templateId, at: new Date(), entries: meter.entries() }));
  return { chosen: chooseCandidate(candidates), candidates, runs: runs.length, replays: runs.length * (versions.length + 1), tokens };
}
