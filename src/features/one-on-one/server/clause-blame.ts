import "server-only";
import { diffLines } from "diff";
import type { FeedbackSummary } from "@/features/feedback/server";
import { classifyFeedbackText } from "@/features/feedback/classifier/model";
import type { ProposeDirectivesInput } from "@/ai/prompts/improver";
import type { Prisma } from "@/generated/prisma/client";
import type { FeedbackCategory } from "@/generated/prisma/enums";
import { deliverOutbox } from "@/inngest/outbox";
import { memoize } from "@/lib/memo";
import { db } from "@/server/db";
import { badRequest, notFound } from "@/server/errors";
import type { Scope } from "@/server/scope";
import { ORPHAN_DAYS } from "../orphan";
import { chainOf, type VersionNode } from "./clause-provenance";
import { recordProposalInTx, type RecordedProposal } from "./record-proposal";
import { lockSession } from "./session-state";
import { startSession } from "./start-session";

// "Why is this line here?" for every line of a template's active directives: the version that
// introduced it (walking the head's ancestry), who or what wrote it and why, the proposal and
// session it came from with the feedback that session saw about it, whether it has become an
// orphan (nothing said about its subject for 60 days), and — once measured — the probation of
// that version. And reverting one
// line: the line goes back to what it replaced in that version (or goes, when it replaced
// nothing), proposed in the template's one-on-one so it takes the normal approval path (replay
// check, probation) like any proposal — written into the conversation as a request and the
// proposal's card, where the chat shows proposals.

export type ClauseOrigin = {
  line: string;
  version: number;
  createdAt: Date;
  authoredBy: "user" | "agent" | "system";
  author: string | null;
  rationale: string | null;
  session: { id: string; number: number; origin: "interactive" | "ritual" } | null;
  /** The probation of the version that added it: its outcome and the acceptance effect in words. */
  probation: { status: string; acceptance: { diff: number; low: number; high: number } | null } | null;
  /** What reverting it proposes instead: the lines it replaced (empty: it is removed). Null for the first version's lines. */
  revertTo: string[] | null;
  /** The feedback category the line is about (the shipped classifier read on the line). */
  category: FeedbackCategory;
  /** The negative feedback its session saw that it answers: the pattern examples of its category (else of any), ≤ 3. */
  evidence: ClauseEvidence[];
  /** Older than ORPHAN_DAYS with no feedback item of its category in the last ORPHAN_DAYS: flagged for the next ritual. */
  orphan: boolean;
};

export type ClauseEvidence = { itemId: string; agentId: string | null; detail: string; category: FeedbackCategory };

const DAY_MS = 24 * 3_600_000;
const EVIDENCE_PER_CLAUSE = 3;

const meaningful = (line: string) => line.trim().length > 0;

async function headChain(workspaceId: string, templateId: string): Promise<VersionNode[]> {
  const template = await db.agentTemplate.findFirst({ where: { id: templateId, workspaceId }, select: { headVersionId: true } });
  if (!template?.headVersionId) throw notFound("Template not found.");
  return chainOf(db, { workspaceId, templateId, fromVersionId: template.headVersionId });
}

/** Pure: the lines `version` put in place of `line` relative to `parent` (a 1:1 or n:1 replacement), else []. */
export function replacedBy(parent: string, version: string, line: string): string[] {
  const parts = diffLines(parent, version, { ignoreNewlineAtEof: true, stripTrailingCr: true });
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i]!;
    if (!part.added || !part.value.split("\n").some((l) => l.trim() === line.trim())) continue;
    const before = parts[i - 1];
    return before?.removed ? before.value.replace(/\n$/, "").split("\n").filter(meaningful) : [];
  }
  return [];
}

function acceptanceOf(effects: unknown): { diff: number; low: number; high: number } | null {
  const metric = (effects as { metrics?: { metric: string; diff: { value: number; low: number; high: number } | null }[] } | null)?.metrics?.find((m) => m.metric === "acceptance");
  return metric?.diff ? { diff: metric.diff.value, low: metric.diff.low, high: metric.diff.high } : null;
}

/** Where each head line comes from: its index in the chain, what reverting it proposes, its category. */
type LineOrigin = { line: string; at: number; revertTo: string[] | null; category: FeedbackCategory };

/**
 * Pure and costly (a line diff per line, the classifier per line): remembered per chain. A chain is
 * named by its version ids and versions never change, so an entry never goes stale.
 */
const lineOriginsOf = memoize(
  (chain: Pick<VersionNode, "id" | "directives">[]): LineOrigin[] => {
    const lines = chain.map((v) => new Set(v.directives.split("\n").map((l) => l.trim())));
    return chain[0]!.directives.split("\n").filter(meaningful).map((line) => {
      // The oldest version of the unbroken run of versions (from the head back) that has the line.
      let at = 0;
      while (at + 1 < chain.length && lines[at + 1]!.has(line.trim())) at++;
      const parent = chain[at + 1];
      return { line, at, revertTo: parent ? replacedBy(parent.directives, chain[at]!.directives, line) : null, category: classifyFeedbackText(line).category };
    });
  },
  { max: 500, key: (chain) => chain.map((v) => v.id).join(",") },
);

/** Pure: every line of the head (chain[0]) with where it comes from along `chain` (head first). */
function blameOf(chain: VersionNode[]): ClauseOrigin[] {
  return lineOriginsOf(chain).map(({ line, at, revertTo, category }) => {
    const origin = chain[at]!;
    return {
      line,
      version: origin.number,
      createdAt: origin.createdAt,
      authoredBy: origin.authoredBy,
      author: origin.author ? (origin.author.name ?? origin.author.email) : null,
      rationale: origin.rationale,
      session: origin.proposal ? { id: origin.proposal.session.id, number: origin.proposal.session.sessionNumber, origin: origin.proposal.session.origin } : null,
      probation: origin.probation ? { status: origin.probation.status, acceptance: acceptanceOf(origin.probation.effects) } : null,
      revertTo: revertTo ? [...revertTo] : null,
      category,
      evidence: [],
      orphan: false,
    };
  });
}

/** Pure: the session's negative pattern examples about `category` (else about anything), ≤ 3. */
function clauseEvidence(summary: FeedbackSummary | null, category: FeedbackCategory): ClauseEvidence[] {
  const negative = (summary?.patterns ?? []).filter((p) => p.sentiment === "negative");
  const of = (patterns: typeof negative) => patterns.flatMap((p) => p.examples.map((e) => ({ itemId: e.itemId, agentId: e.agentId ?? null, detail: e.detail, category: p.category })));
  const same = of(negative.filter((p) => p.category === category));
  return (same.length ? same : of(negative)).slice(0, EVIDENCE_PER_CLAUSE);
}

/**
 * Every line of the active directives with where it comes from, the feedback that led to it, and
 * whether it has become an orphan: older than ORPHAN_DAYS, and no feedback item of its category
 * (praise or complaint, from the daily rollup) in that time.
 */
export async function getClauseBlame(workspaceId: string, templateId: string, now = new Date()): Promise<ClauseOrigin[]> {
  const clauses = blameOf(await headChain(workspaceId, templateId));
  const since = new Date(now.getTime() - ORPHAN_DAYS * DAY_MS);
  const sessionIds = [...new Set(clauses.flatMap((c) => (c.session ? [c.session.id] : [])))];
  const [sessions, recent] = await Promise.all([
    sessionIds.length ? db.evolutionSession.findMany({ where: { workspaceId, id: { in: sessionIds } }, select: { id: true, feedbackSummary: true } }) : [],
    db.feedbackDailyCount.groupBy({ by: ["category"], where: { workspaceId, templateId, day: { gte: since } }, _sum: { items: true } }),
  ]);
  const summaries = new Map(sessions.map((s) => [s.id, s.feedbackSummary as FeedbackSummary | null]));
  const heard = new Set(recent.filter((r) => (r._sum.items ?? 0) > 0).map((r) => r.category));
  return clauses.map((c) => ({
    ...c,
    evidence: c.session ? clauseEvidence(summaries.get(c.session.id) ?? null, c.category) : [],
    orphan: c.createdAt < since && !heard.has(c.category),
  }));
}

/**
 * Proposes the head without `line` (put back to what it replaced) in the template's one-on-one —
 * the open session, or a new one — and returns the session to review it in. The proposal and the
 * two messages that show it in the conversation are one transaction under the session's lock; the
 * same revert while its proposal is still open (a double click, two people at once) returns that
 * proposal instead of superseding it with a copy.
 */
export async function revertClause({ scope, templateId, line }: { scope: Scope; templateId: string; line: string }) {
  const chain = await headChain(scope.workspaceId, templateId);
  const clause = blameOf(chain).find((c) => c.line.trim() === line.trim());
  if (!clause) throw badRequest("That line is not in the active directives (it may have changed: reload the page).");
  if (clause.revertTo === null) throw badRequest(`“${clause.line.trim()}” is in the first version: there is nothing to revert it to. Remove it with a new version instead.`);
  const lines = chain[0]!.directives.split("\n");
  const at = lines.findIndex((l) => l.trim() === clause.line.trim());
  const directives = [...lines.slice(0, at), ...clause.revertTo, ...lines.slice(at + 1)].join("\n");
  const { session } = await startSession({ scope, templateId });
  const what = clause.revertTo.length ? `back to “${clause.revertTo.join(" ")}”` : "removed";
  const input = { directives, rationale: `Revert one line (${what}): “${clause.line.trim()}”, added in v${clause.version}${clause.rationale ? ` — “${clause.rationale}”` : ""}.`, confidence: 0.9 };
  const recorded = await db.$transaction(async (t) => {
    await lockSession(t, scope.workspaceId, session.id);
    const same = await t.proposal.findFirst({ where: { workspaceId: scope.workspaceId, sessionId: session.id, status: { in: ["pending", "draft"] }, directives }, select: { id: true } });
    if (same) return { proposalId: same.id, replayEventId: null };
    const { replayEventId, ...proposal } = await recordProposalInTx(t, { workspaceId: scope.workspaceId, sessionId: session.id, input });
    await t.evolutionMessage.createMany({ data: revertMessages({ scope, sessionId: session.id, clause, what, input, proposal }) });
    return { proposalId: proposal.proposalId, replayEventId };
  });
  if (recorded.replayEventId) await deliverOutbox({ ids: [recorded.replayEventId] });
  return { sessionId: session.id, proposalId: recorded.proposalId };
}

/**
 * In the conversation, as if asked in the chat: the person's request and the proposal's card (the
 * chat shows proposals where its transcript made them; the improver reads the same history).
 */
function revertMessages({ scope, sessionId, clause, what, input, proposal }: { scope: Scope; sessionId: string; clause: ClauseOrigin; what: string; input: ProposeDirectivesInput; proposal: RecordedProposal }): Prisma.EvolutionMessageCreateManyInput[] {
  const now = Date.now();
  const base = { workspaceId: scope.workspaceId, sessionId };
  return [
    { ...base, role: "user", authorUserId: scope.actorUserId, createdAt: new Date(now), parts: [{ type: "text", text: `Revert this line of v${clause.version} (${what}): “${clause.line.trim()}”` }] },
    {
      ...base,
      role: "assistant",
      createdAt: new Date(now + 1),
      parts: [
        { type: "text", text: `Here is the active version with that line ${clause.revertTo?.length ? "put back as it was before v" + clause.version : "removed"}. It goes through the replay check like any proposal: approve it, reject it with a reason, or keep talking.` },
        { type: "tool-propose_directives", toolCallId: `revert-${proposal.proposalId}`, state: "output-available", input, output: { ok: true, ...proposal } },
      ],
    },
  ];
}
