import type { DecisionModelResult } from "./decision-model";
import type { Calibration } from "@/features/hypotheses/grade";
import type { ReplaySummary } from "@/features/replay/score";
import type { HypothesisResult } from "./hypotheses";
import type { ReplayOutcome } from "./owner";
import type { ProbationResult } from "./probation";
import type { ProposalRecord } from "./ritual-week";
import { acceptanceRate, meanRating, type KindCounts, type WeekTally } from "./tally";

// What a lab run reports (`--json`): per week the work and the ritual, per proposal its
// directives, replay check and fate. Only what the seed and the personas decide goes in, so two
// runs with the same inputs and the built-in models give the same document apart from durationMs:
// no ids, no clock times, and the replay check's values without its bootstrap intervals (their
// generator is seeded by the proposal's database id).

/** A week as reported: the tally's counts as they are, the rest derived from it (weekResult). */
export type WeekResult = Pick<WeekTally, "week" | "version" | "tasks" | "failedRuns" | "proposals" | "accepted" | "rejected" | "deferred" | "comments" | "rejectionsByCategory" | "reviews"> & {
  acceptanceRate: number | null;
  meanRating: number | null;
  rated: number;
  byKind: Record<string, KindCounts>;
  /** Versions the owner approved at this week's ritual (the Monday after it): the agents use them from the next week. */
  versionsApproved: number[];
  ritual: { status: string; proposals: number; note: string | null } | null;
};

export type ReplayResult = Omit<ReplaySummary, "avoided" | "keptRate" | "gate" | "tokens"> & {
  status: ReplayOutcome["status"];
  avoided: number;
  keptRate: number;
  gate: { head: number | null; candidate: number | null; delta: number | null };
  tokens: { head: number; candidate: number; change: number | null };
};

export type VersionResult = {
  /** The version number it became (null: not approved). */
  version: number | null;
  week: number;
  round: number;
  status: "initial" | ProposalRecord["status"];
  approved: boolean;
  confidence: number | null;
  directives: string;
  rationale: string;
  replay: ReplayResult | { status: "failed" | "skipped"; error?: string } | null;
  ownerReason: string | null;
};

export type LabResult = {
  team: string;
  personas: string;
  seed: number;
  models: "built-in" | "provider";
  tasksPerWeek: number;
  weeks: WeekResult[];
  versions: VersionResult[];
  /** Did each approved version's replay check foresee the next week? (replayAgreement) */
  replayAgreement: ReplayAgreement;
  /** Every prediction the improver made, graded at the first ritual after its check date, each recomputed from the raw rows (src/lab/hypotheses.ts). */
  hypotheses: HypothesisResult[];
  /** The improver's Brier score and hit rate over the graded ones. */
  calibration: Calibration;
  /** Graded hypotheses whose grade the raw-row recomputation reproduced. */
  hypothesisRecomputation: { checked: number; agreed: number };
  /** With probation on (--probation-share, --saboteur): its share, the saboteur's week and every probation's outcome. */
  probationShare?: number;
  saboteur?: number | null;
  probations?: ProbationResult[];
  /** The template's decision model: held-out quality pooled over the run's fits, the last fit's signals. */
  decisionModel?: DecisionModelResult;
  /** The task agents ran as the team's own code, through the typed client (--external). */
  external?: boolean;
  durationMs: number;
};

export type ReplayAgreement = {
  /** Approved versions with a finished check and a following week to measure. */
  checked: number;
  agreed: number;
  versions: { version: number; predicted: "better" | "not better"; acceptanceChange: number; agreed: boolean }[];
};

/**
 * The replay check's verdict against what happened: it predicts "better" when it avoids more
 * rejections than it loses acceptances; the next week's acceptance rate, against the week the
 * version was approved after, rose ("better") or did not. Agreement is the two saying the same.
 */
export function replayAgreement(weeks: WeekResult[], versions: VersionResult[]): ReplayAgreement {
  const rows: ReplayAgreement["versions"] = [];
  for (const v of versions) {
    if (!v.approved || v.version === null || !v.replay || v.replay.status !== "done" || !("avoided" in v.replay)) continue;
    const before = weeks.find((w) => w.week === v.week)?.acceptanceRate;
    const after = weeks.find((w) => w.week === v.week + 1)?.acceptanceRate;
    if (before == null || after == null) continue;
    const predicted = v.replay.avoided - v.replay.lost > 0 ? ("better" as const) : ("not better" as const);
    const acceptanceChange = Math.round((after - before) * 10_000) / 10_000;
    rows.push({ version: v.version, predicted, acceptanceChange, agreed: (predicted === "better") === acceptanceChange > 0 });
  }
  return { checked: rows.length, agreed: rows.filter((r) => r.agreed).length, versions: rows };
}

function replayResult(r: ReplayOutcome): VersionResult["replay"] {
  if (r.status !== "done" || !r.summary) return { status: r.status === "done" ? "failed" : r.status, ...(r.error ? { error: r.error } : {}) };
  const s = r.summary;
  return {
    status: "done",
    runs: s.runs,
    rejections: s.rejections,
    avoided: s.avoided.value,
    changed: s.changed ?? 0,
    addressed: s.addressed ?? 0,
    acceptances: s.acceptances,
    keptRate: s.keptRate.value,
    lost: s.lost,
    altered: s.altered,
    newProposals: s.newProposals,
    gate: { head: s.gate.head, candidate: s.gate.candidate, delta: s.gate.delta?.value ?? null },
    tokens: { head: s.tokens.head, candidate: s.tokens.candidate, change: s.tokens.change?.value ?? null },
  };
}

export function weekResult(t: WeekTally): WeekResult {
  return {
    week: t.week,
    version: t.version,
    tasks: t.tasks,
    failedRuns: t.failedRuns,
    proposals: t.proposals,
    accepted: t.accepted,
    rejected: t.rejected,
    deferred: t.deferred,
    acceptanceRate: acceptanceRate(t),
    meanRating: meanRating(t),
    rated: t.ratings.length,
    comments: t.comments,
    rejectionsByCategory: Object.fromEntries(Object.entries(t.rejectionsByCategory).sort(([a, x], [b, y]) => y - x || a.localeCompare(b))),
    byKind: t.byKind,
    reviews: Object.fromEntries(Object.entries(t.reviews).sort(([a], [b]) => a.localeCompare(b))),
    versionsApproved: t.ritual?.approved ?? [],
    ritual: t.ritual ? { status: t.ritual.status, proposals: t.ritual.proposals, note: t.ritual.note } : null,
  };
}

export function versionResults(initialDirectives: string, proposals: ProposalRecord[]): VersionResult[] {
  return [
    { version: 1, week: 0, round: 0, status: "initial", approved: true, confidence: null, directives: initialDirectives, rationale: "Initial version", replay: null, ownerReason: null },
    ...proposals.map(
      (p): VersionResult => ({
        version: p.version,
        week: p.week,
        round: p.round,
        status: p.status,
        approved: p.status === "approved",
        confidence: p.confidence,
        directives: p.directives,
        rationale: p.rationale,
        replay: replayResult(p.replay),
        ownerReason: p.ownerReason,
      }),
    ),
  ];
}
