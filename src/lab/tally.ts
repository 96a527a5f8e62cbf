import type { ProposalKind } from "./facts";
import type { Review } from "./reviewer";

// A week's figures, counted from what the simulated people did (not read back from dashboards, so
// they are exact and need no time window): runs, proposals and their verdicts, ratings, the rule
// behind each rejection, and what the week's ritual did. Pure.

export type KindCounts = { proposed: number; accepted: number; rejected: number };
export type RitualSummary = { status: string; proposals: number; approved: number[]; note: string | null };

export type WeekTally = {
  week: number;
  /** The directives version the week's agents ran on. */
  version: number;
  tasks: number;
  failedRuns: number;
  proposals: number;
  accepted: number;
  rejected: number;
  deferred: number;
  ratings: number[];
  comments: number;
  rejectionsByCategory: Record<string, number>;
  byKind: Record<ProposalKind, KindCounts>;
  reviews: Record<string, number>;
  ritual: RitualSummary | null;
};

export function emptyWeek(week: number, version: number): WeekTally {
  const kind = (): KindCounts => ({ proposed: 0, accepted: 0, rejected: 0 });
  return { week, version, tasks: 0, failedRuns: 0, proposals: 0, accepted: 0, rejected: 0, deferred: 0, ratings: [], comments: 0, rejectionsByCategory: {}, byKind: { checklist: kind(), estimate: kind(), status: kind() }, reviews: {}, ritual: null };
}

export function addReview(t: WeekTally, review: Review) {
  t.reviews[review.reviewer] = (t.reviews[review.reviewer] ?? 0) + 1;
  for (const d of review.decisions) {
    t.proposals++;
    t.byKind[d.kind].proposed++;
    if (d.verdict === "confirmed") {
      t.accepted++;
      t.byKind[d.kind].accepted++;
    } else if (d.verdict === "rejected") {
      t.rejected++;
      t.byKind[d.kind].rejected++;
      t.rejectionsByCategory[d.label] = (t.rejectionsByCategory[d.label] ?? 0) + 1;
    } else t.deferred++;
  }
  if (review.rating !== null) t.ratings.push(review.rating);
  if (review.comment) t.comments++;
}

const round = (x: number, digits: number) => Math.round(x * 10 ** digits) / 10 ** digits;

/** accepted ÷ (accepted + rejected), as the dashboards count it; null without decisions. */
export const acceptanceRate = (t: Pick<WeekTally, "accepted" | "rejected">) => (t.accepted + t.rejected ? round(t.accepted / (t.accepted + t.rejected), 4) : null);
export const meanRating = (t: Pick<WeekTally, "ratings">) => (t.ratings.length ? round(t.ratings.reduce((a, b) => a + b, 0) / t.ratings.length, 3) : null);
