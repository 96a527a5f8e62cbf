import "server-only";
import { randomUUID } from "node:crypto";
import { candidateVersions } from "@/ai/directives/candidates";
import { UsageMeter } from "@/ai/usage";
import { predictReplay } from "@/features/decision-model/predict";
import { latestDecisionModel } from "@/features/decision-model/server";
import { replayContext, selfRefine } from "@/features/runtime/server";
import { recordModelUsage } from "@/features/usage/server";
import type { DecisionModel } from "@/features/decision-model/fit";
import type { ChecklistState } from "@/features/decision-model/properties";
import { db } from "@/server/db";
import { errorFields, logger } from "@/server/logger";
import { chooseCandidate, type ScoredCandidate } from "../choose";
import { compareRun, type DecidedItem, type RunSide } from "../compare";
import { replayModels, sideOf, type ReplayModels } from "./run-replay-check";
import { callReplayEndpoint, ReplayCallError } from "./endpoint";
import { sampleExternalRuns, sampleRuns } from "./sample";

// The candidate search of a ritual's proposal: a few versions around what the improver proposed
// (the proposal, each change taken back alone, each changed number one step either way:
// ai/directives/candidates.ts) are played on the same sample of last week's runs, each compared
// with what people decided on the originals and scored by the decision model where nobody decided
// (choose.ts); the best is proposed, and the card lists every candidate with its figures. Bounded:
// at most CANDIDATES versions × SEARCH_RUNS runs, plus one head replay per run. A template whose
// agents run in the team's own code plays its runs through its replay endpoint (endpoint.ts); when
// that fails, no search is made and the improver's proposal stands as written.

export const CANDIDATES = 6;
export const SEARCH_RUNS = 8;

export type CandidateSearch = { chosen: number; candidates: ScoredCandidate[]; runs: number; replays: number; tokens: number };

/** A sampled run and how to play it with other directives: here, or through the template's replay endpoint. */
type Playable = { id: string; decided: DecidedItem[]; checklist: ChecklistState | null; play: (directives: string, side: "head" | "candidate") => Promise<RunSide> };

async function playableRuns({ workspaceId, templateId, before, models, meter }: { workspaceId: string; templateId: string; before: Date; models: ReplayModels; meter: UsageMeter }): Promise<Playable[] | null> {
  const template = await db.agentTemplate.findFirst({ where: { id: templateId, workspaceId }, select: { modelId: true, refineConfig: true, runsExternally: true, replayUrl: true, replaySecret: true } });
  if (!template) return null;
  if (template.runsExternally || template.replayUrl) {
    const { replayUrl: url, replaySecret: secret } = template;
    if (!url || !secret) return null;
    const searchId = `search-${randomUUID()}`;
    return (await sampleExternalRuns({ workspaceId, templateId, before, size: SEARCH_RUNS })).map((run) => ({
      id: run.id,
      decided: run.decided,
      checklist: null,
      play: (directives, side) =>
        callReplayEndpoint({ url, secret, request: { type: "replay.run", checkId: searchId, proposalId: null, side, directives, run: { id: run.id, externalId: run.externalId, agentId: run.agentId, startedAt: run.startedAt.toISOString() }, inputs: run.inputs } }),
    }));
  }
  const resolved = replayModels(template, models);
  const tags = { workspaceId, templateId };
  return (await sampleRuns({ workspaceId, templateId, before, size: SEARCH_RUNS })).map((run) => ({
    id: run.id,
    decided: run.decided,
    checklist: run.inputs.task.checklist,
    play: async (directives) => {
      const { gates, qualityThreshold, maxIterations } = run.inputs.refine;
      return sideOf(await selfRefine({ ctx: replayContext(run.inputs, directives), gates, qualityThreshold, maxIterations, models: resolved, meter, tags }));
    },
  }));
}

/** Null when there is nothing to choose between (one version), no recorded run to play, or the team's replay endpoint failed. */
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
  const meter = new UsageMeter();
  const runs = await playableRuns({ workspaceId, templateId, before, models, meter });
  if (!runs?.length) return null;
  const fit = await latestDecisionModel({ workspaceId, templateId });
  let scored: { candidates: ScoredCandidate[]; tokens: number };
  try {
    scored = await scoreVersions(runs, head, versions, fit?.model ?? null);
  } catch (e) {
    // The team's replay endpoint failed: the improver's proposal goes ahead as written.
    if (!(e instanceof ReplayCallError)) throw e;
    logger.warn("replay: candidate search stopped", { templateId, ...errorFields(e) });
    return null;
  }
  const { candidates, tokens } = scored;
  await db.$transaction((t) => recordModelUsage(t, { workspaceId, templateId, at: new Date(), entries: meter.entries() }));
  return { chosen: chooseCandidate(candidates), candidates, runs: runs.length, replays: runs.length * (versions.length + 1), tokens };
}

/** Each version played on every run and compared with what people decided (and with the head where nobody decided). */
async function scoreVersions(runs: Playable[], head: string, versions: { label: string; directives: string }[], model: DecisionModel | null) {
  let tokens = 0;
  const play = async (run: Playable, directives: string, side: "head" | "candidate") => {
    const played = await run.play(directives, side);
    tokens += played.tokens;
    return played;
  };
  const heads: RunSide[] = [];
  for (const run of runs) heads.push(await play(run, head, "head"));
  const candidates: ScoredCandidate[] = [];
  for (const version of versions) {
    const sides: RunSide[] = [];
    for (const run of runs) sides.push(await play(run, version.directives, "candidate"));
    // Not judged by the evaluator (that is the replay check's, on the one proposed): a rejected proposal made differently counts as avoided only when gone; the model scores the rest.
    const compared = runs.map((run, i) => compareRun(run.id, run.decided, heads[i]!, sides[i]!));
    const predicted = model ? predictReplay(model, runs.map((run, i) => ({ head: heads[i]!.output, candidate: sides[i]!.output, checklist: run.checklist }))) : null;
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
  return { candidates, tokens };
}
