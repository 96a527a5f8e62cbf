import type { HeldOut } from "@/features/decision-model/fit";
import { calibrationError } from "@/features/decision-model/stats";
import type { WeekResult } from "../result";

// The generalisation harness's figures: per team, acceptance and rating from week 1 to the last
// week, versions approved; pooled, the mean gains, the share of teams gaining 15 points or more,
// and the teams whose last week fell below their first by more than the noise band. Pure.

export type TeamOutcome = {
  name: string;
  summary: string;
  acceptance: { first: number | null; last: number | null; gain: number | null };
  rating: { first: number | null; last: number | null; gain: number | null };
  /** Half-width of a 95% band for the difference of the two weeks' acceptance (binomial standard errors). */
  noiseBand: number | null;
  versionsApproved: number;
  /** The last week fell below the first by more than the noise band. */
  regressed: boolean;
  /** The decision model's held-out quality per proposal kind, pooled over the team's fits. */
  heldOut?: Record<string, HeldOut>;
  /** The held-out predictions behind it (pooled across teams for the calibration error). */
  predictions?: { kind: string; p: number; y: 0 | 1 }[];
};

export type Pooled = {
  teams: number;
  meanAcceptanceGain: number | null;
  shareGaining15: number | null;
  meanRatingGain: number | null;
  regressed: number;
  meanVersionsApproved: number;
  /** Held-out accuracy and calibration error per proposal kind, over every team's fits (weighted by rows). */
  heldOut: Record<string, HeldOut>;
};

const decided = (w: WeekResult) => w.accepted + w.rejected;

/** Points of acceptance (0–100) and rating (0–1) from week 1 to the last week. */
export function teamOutcome(name: string, summary: string, weeks: readonly WeekResult[], heldOut?: Record<string, HeldOut>, predictions?: { kind: string; p: number; y: 0 | 1 }[]): TeamOutcome {
  const first = weeks[0];
  const last = weeks.at(-1);
  const rate = (w: WeekResult | undefined) => (w?.acceptanceRate == null ? null : w.acceptanceRate);
  const a1 = rate(first);
  const a2 = rate(last);
  const band = a1 !== null && a2 !== null && first && last && decided(first) && decided(last) ? 1.96 * Math.sqrt((a1 * (1 - a1)) / decided(first) + (a2 * (1 - a2)) / decided(last)) : null;
  const r1 = first?.meanRating ?? null;
  const r2 = last?.meanRating ?? null;
  const acceptanceGain = a1 !== null && a2 !== null ? Math.round((a2 - a1) * 1000) / 10 : null;
  return {
    name,
    summary,
    acceptance: { first: a1, last: a2, gain: acceptanceGain },
    rating: { first: r1, last: r2, gain: r1 !== null && r2 !== null ? Math.round((r2 - r1) * 1000) / 1000 : null },
    noiseBand: band === null ? null : Math.round(band * 1000) / 10,
    versionsApproved: weeks.reduce((n, w) => n + w.versionsApproved.length, 0),
    regressed: acceptanceGain !== null && band !== null && acceptanceGain < -band * 100,
    ...(heldOut ? { heldOut } : {}),
    ...(predictions ? { predictions } : {}),
  };
}

const mean = (xs: number[]) => (xs.length ? Math.round((xs.reduce((s, x) => s + x, 0) / xs.length) * 1000) / 1000 : null);

export function pooled(teams: readonly TeamOutcome[]): Pooled {
  const gains = teams.flatMap((t) => (t.acceptance.gain === null ? [] : [t.acceptance.gain]));
  const ratings = teams.flatMap((t) => (t.rating.gain === null ? [] : [t.rating.gain]));
  return {
    teams: teams.length,
    meanAcceptanceGain: mean(gains),
    shareGaining15: gains.length ? Math.round((gains.filter((g) => g >= 15).length / gains.length) * 1000) / 1000 : null,
    meanRatingGain: mean(ratings),
    regressed: teams.filter((t) => t.regressed).length,
    meanVersionsApproved: mean(teams.map((t) => t.versionsApproved)) ?? 0,
    heldOut: poolHeldOut(teams.flatMap((t) => Object.entries(t.heldOut ?? {})), teams.flatMap((t) => t.predictions ?? [])),
  };
}

function poolHeldOut(entries: [string, HeldOut][], predictions: { kind: string; p: number; y: number }[]): Record<string, HeldOut> {
  const by = new Map<string, { rows: number; accuracy: number; calibrationError: number; baseline: number }>();
  for (const [kind, h] of entries) {
    const p = by.get(kind) ?? { rows: 0, accuracy: 0, calibrationError: 0, baseline: 0 };
    p.rows += h.rows;
    p.accuracy += h.accuracy * h.rows;
    p.calibrationError += h.calibrationError * h.rows;
    p.baseline += h.baseline * h.rows;
    by.set(kind, p);
  }
  const r = (x: number) => Math.round(x * 1000) / 1000;
  // The calibration error over every prediction pooled (a per-fit one over a week of 20 decisions is mostly sampling noise).
  return Object.fromEntries([...by].map(([k, p]) => [k, { rows: p.rows, accuracy: r(p.accuracy / p.rows), calibrationError: predictions.length ? pooledCalibration(predictions, k) : r(p.calibrationError / p.rows), baseline: r(p.baseline / p.rows) }]));
}

/** Expected calibration error over every prediction of the kind, pooled (10 bins). */
export function pooledCalibration(predictions: readonly { kind: string; p: number; y: number }[], kind: string): number {
  const of = predictions.filter((x) => x.kind === kind);
  return Math.round(calibrationError(of.map((x) => x.p), of.map((x) => x.y)) * 1000) / 1000;
}
