import "server-only";
import { WRITTEN_SOURCE_TYPES } from "@/features/feedback/source-kind";
import { formatDate } from "@/lib/format";
import { db, type Tx } from "@/server/db";
import { conflict } from "@/server/errors";
import { chainOf, REVERSAL_WINDOW, reversalsOf, type Reversal } from "./clause-provenance";

// The oscillation guard: a proposal that reverses a change approved in the last 3 versions
// (reversalsOf) is approved only on new evidence, or with a person's written reason. New evidence
// about a version is (a) its probation found it harmful, or (b) at least 3 negative comments people
// wrote about the template's agents (observations, reasons given with decisions) since it was
// approved. Signals (a rejected proposal, a low rating) do not count alone: every busy template has
// some each week, so they would never hold a flip-flop back. The comments are not matched to the
// reversed line (free text is classified by category, not by clause): the reason is asked when
// nobody complained at all since, which is when a reversal is a preference flip, not a fix.

/** Negative written comments since a change's approval that count as new evidence against it. */
export const REVERSAL_EVIDENCE_MIN = 3;

export type ReversalEvidence = {
  version: number;
  approvedAt: Date;
  /** Negative feedback people wrote on the template since the approval. */
  complaints: number;
  /** Its probation found it worse than the version before. */
  harm: boolean;
  enough: boolean;
  /** "new evidence: 6 negative comments people wrote since" / "no new evidence: nobody complained since". */
  words: string;
};

type Client = Tx | typeof db;

/** The evidence gathered since each reversed version's approval (one entry per version, newest first). */
export async function evidenceFor(t: Client, { workspaceId, templateId, reversals }: { workspaceId: string; templateId: string; reversals: Pick<Reversal, "version" | "approvedAt">[] }): Promise<ReversalEvidence[]> {
  const versions = [...new Map(reversals.map((r) => [r.version, r.approvedAt])).entries()].sort((a, b) => b[0] - a[0]);
  if (!versions.length) return [];
  const probations = await t.probation.findMany({
    where: { workspaceId, templateId, version: { number: { in: versions.map(([n]) => n) } } },
    select: { harmDetectedAt: true, version: { select: { number: true } } },
  });
  return Promise.all(
    versions.map(async ([version, approvedAt]) => {
      const complaints = await t.feedbackItem.count({ where: { workspaceId, templateId, sentiment: "negative", sourceType: { in: [...WRITTEN_SOURCE_TYPES] }, occurredAt: { gt: approvedAt } } });
      const harm = probations.some((p) => p.version.number === version && p.harmDetectedAt !== null);
      const enough = harm || complaints >= REVERSAL_EVIDENCE_MIN;
      return { version, approvedAt, complaints, harm, enough, words: describeEvidence({ complaints, harm, enough }) };
    }),
  );
}

function describeEvidence(e: Pick<ReversalEvidence, "complaints" | "harm" | "enough">): string {
  if (e.harm) return "new evidence: its probation found it worse than the version before";
  if (e.enough) return `new evidence: ${e.complaints} negative comments people wrote since`;
  return e.complaints === 0 ? "no new evidence: nobody complained since" : `no new evidence: only ${e.complaints} negative comment${e.complaints === 1 ? "" : "s"} since`;
}

/**
 * Inside the approval's transaction: a proposal that reverses a recent change with no new evidence
 * needs a written reason (409 otherwise, saying which change and since when).
 */
export async function assertReversalAllowed(t: Tx, { workspaceId, templateId, baseVersionId, directives, reason }: { workspaceId: string; templateId: string; baseVersionId: string | null; directives: string; reason?: string | null }) {
  if (!baseVersionId || reason) return;
  const reversals = reversalsOf(await chainOf(t, { workspaceId, templateId, fromVersionId: baseVersionId }), directives);
  const lacking = (await evidenceFor(t, { workspaceId, templateId, reversals })).filter((e) => !e.enough);
  const first = lacking[0];
  if (!first) return;
  const since = first.complaints === 0 ? "No new feedback about it since then" : `Only ${first.complaints} negative comment${first.complaints === 1 ? "" : "s"} since then`;
  throw conflict(`This reverses the change approved on ${formatDate(first.approvedAt)} (v${first.version}). ${since}: say what changed.`);
}

/**
 * For the improver's context: the changes of the last 3 versions and whether there is new evidence
 * against each — reversing one without it will be refused without a person's reason.
 */
export async function recentChangesEvidence({ workspaceId, templateId }: { workspaceId: string; templateId: string }): Promise<ReversalEvidence[]> {
  const versions = await db.templateVersion.findMany({
    where: { workspaceId, templateId, parentVersionId: { not: null } },
    orderBy: { number: "desc" },
    take: REVERSAL_WINDOW,
    select: { number: true, createdAt: true },
  });
  return evidenceFor(db, { workspaceId, templateId, reversals: versions.map((v) => ({ version: v.number, approvedAt: v.createdAt })) });
}
