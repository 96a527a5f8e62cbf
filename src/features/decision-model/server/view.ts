import "server-only";
import { db } from "@/server/db";
import { qualityLine, ratingLine, signalLine } from "../describe";
import type { DecisionModel } from "../fit";
import { PROPOSAL_KINDS } from "../properties";
import { latestDecisionModel } from "./queries";

// The template page's "What people accept" card, read: the newest fit's signals in words, where
// reviewers differ (their names, read in the same statement as their memberships), the model's
// held-out quality, and what is missing when there is too little to go on.

export type ReviewerSplit = { name: string; accepted: string; other: string };
export type AcceptLine = { key: string; line: string; reviewers: ReviewerSplit[] };

export type WhatPeopleAccept = {
  fittedAt: Date;
  since: Date;
  decisions: number;
  ratings: number;
  byKind: { kind: string; confirmed: number; total: number }[];
  decisionLines: AcceptLine[];
  ratingLines: string[];
  quality: string;
  /** Why there are no lines, when there are none. */
  thin: string | null;
} | null;

const share = (c: { confirmed: number; total: number }) => `${c.confirmed} of ${c.total}`;

/** Reviewers differ on a split when one accepts its "other" side at least as often as its accepted side. */
const differs = (r: { accepted: { confirmed: number; total: number }; other: { confirmed: number; total: number } }) =>
  r.accepted.total > 0 && r.other.total > 0 && r.other.confirmed / r.other.total >= r.accepted.confirmed / r.accepted.total - 0.1;

function thinReason(model: DecisionModel): string | null {
  if (model.signals.length || model.ratingSignals.length) return null;
  if (model.decisions < 20 && model.ratings < 10) return `Only ${model.decisions} decided proposals and ${model.ratings} rated runs in this window: too few to see where people draw the line (about 10 of a kind on each side of it).`;
  return `No property of the agents' outputs separates what people confirm from what they reject yet (${model.decisions} decisions, ${model.ratings} ratings): their verdicts may depend on things the product does not measure.`;
}

export async function getWhatPeopleAccept(scope: { workspaceId: string; templateId: string }): Promise<WhatPeopleAccept> {
  const fit = await latestDecisionModel(scope);
  if (!fit) return null;
  const { model } = fit;
  const reviewerIds = [...new Set(model.signals.flatMap((s) => s.reviewers.map((r) => r.reviewerId)))];
  const people = reviewerIds.length
    ? await db.membership.findMany({ where: { workspaceId: scope.workspaceId, userId: { in: reviewerIds } }, select: { userId: true, user: { select: { name: true, email: true } } } })
    : [];
  const nameOf = (id: string) => {
    const p = people.find((x) => x.userId === id);
    return p ? (p.user.name ?? p.user.email) : "A former member";
  };
  return {
    fittedAt: fit.fittedAt,
    since: fit.since,
    decisions: fit.decisions,
    ratings: fit.ratings,
    byKind: PROPOSAL_KINDS.map((kind) => ({ kind, ...model.byKind[kind] })).filter((k) => k.total > 0),
    decisionLines: model.signals.map((s) => ({
      key: `${s.kind}:${s.property}`,
      line: signalLine(s),
      // Per reviewer only where they disagree: one accepts what the others reject.
      reviewers: s.reviewers.some(differs) && s.reviewers.length > 1 ? s.reviewers.map((r) => ({ name: nameOf(r.reviewerId), accepted: share(r.accepted), other: share(r.other) })) : [],
    })),
    ratingLines: model.ratingSignals.map(ratingLine),
    quality: qualityLine(model.heldOut),
    thin: thinReason(model),
  };
}
