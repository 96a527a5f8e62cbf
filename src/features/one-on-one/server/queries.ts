import "server-only";
import { candidateLine } from "@/features/replay/choose";
import type { CandidateSearch } from "@/features/replay/server";
import { getProposalReplays, type ProposalReplay } from "@/features/replay/server";
import { Prisma, type EvolutionNoteKind } from "@/generated/prisma/client";
import type { FeedbackSummary } from "@/features/feedback/server";
import { db } from "@/server/db";
import type { ProposalStatus } from "@/generated/prisma/enums";
import { proposalWarnings, type ClauseFlag, type Reversal } from "./clause-provenance";
import { evidenceFor, type ReversalEvidence } from "./reversal-evidence";

// Read models of the one-on-one page and the notes view. Every query is scoped by workspace and
// template in its WHERE.

export async function listSessions(workspaceId: string, templateId: string, take = 20) {
  return db.evolutionSession.findMany({
    where: { workspaceId, templateId },
    orderBy: { sessionNumber: "desc" },
    take,
    select: {
      id: true,
      sessionNumber: true,
      status: true,
      origin: true,
      createdAt: true,
      completedAt: true,
      userRating: true,
      approvedMutations: true,
      startedBy: { select: { name: true, email: true } },
      proposals: { where: { status: "approved" }, select: { resultingVersion: { select: { number: true } } } },
    },
  });
}
export type SessionListItem = Awaited<ReturnType<typeof listSessions>>[number];

export async function getHeadVersion(workspaceId: string, templateId: string) {
  return db.templateVersion.findFirst({ where: { workspaceId, templateId, headOf: { isNot: null } }, select: { id: true, number: true, directives: true } });
}

export async function getSession(workspaceId: string, templateId: string, sessionId: string) {
  return db.evolutionSession.findFirst({ where: { id: sessionId, workspaceId, templateId } });
}

export type ProposalView = {
  id: string;
  status: ProposalStatus;
  directives: string;
  rationale: string;
  confidence: number;
  base: { number: number; directives: string } | null;
  resultingVersion: number | null;
  rejectionReason: string | null;
  userRating: number | null;
  decidedBy: string | null;
  decidedAt: Date | null;
  createdAt: Date;
  flags: ClauseFlag[];
  /** Changes of the last 3 versions it undoes (oscillation). */
  reversals: Reversal[];
  /** Per reversed version: the evidence gathered since its approval (none enough → approval needs a reason). */
  reversalEvidence: ReversalEvidence[];
  /** Why it was approved although it reverses a recent change with no new evidence. */
  reversalReason: string | null;
  /** Its replay check (null: none, e.g. made before checks existed). */
  replay: ProposalReplay | null;
  replayOverrideReason: string | null;
  /** The ritual's candidate search that chose it: each version tried, in words, and which won (null: no search). */
  candidates: { runs: number; chosen: number; lines: string[] } | null;
};

function candidatesView(stored: unknown): ProposalView["candidates"] {
  const s = stored as CandidateSearch | null;
  if (!s || !Array.isArray(s.candidates)) return null;
  return { runs: s.runs, chosen: s.chosen, lines: s.candidates.map(candidateLine) };
}

/** The session's proposals, each with the head it was made against and its clause flags. */
export async function listProposals(workspaceId: string, sessionId: string): Promise<ProposalView[]> {
  const rows = await db.proposal.findMany({
    where: { workspaceId, sessionId },
    orderBy: { createdAt: "asc" },
    include: {
      baseVersion: { select: { number: true, directives: true } },
      resultingVersion: { select: { number: true } },
      decidedBy: { select: { name: true, email: true } },
    },
  });
  const replays = await getProposalReplays(workspaceId, rows.map((p) => p.id));
  return Promise.all(
    rows.map(async (p) => {
      const warnings = await proposalWarnings(db, { workspaceId, templateId: p.templateId, baseVersionId: p.baseVersionId, directives: p.directives });
      // Evidence is "since the approval, until now": worth reading only while the proposal is open.
      const open = p.status === "pending" || p.status === "draft";
      const reversalEvidence = open ? await evidenceFor(db, { workspaceId, templateId: p.templateId, reversals: warnings.reversals }) : [];
      return {
      ...warnings,
      reversalEvidence,
      reversalReason: p.reversalReason,
      id: p.id,
      status: p.status,
      directives: p.directives,
      rationale: p.rationale,
      confidence: p.confidence,
      base: p.baseVersion,
      resultingVersion: p.resultingVersion?.number ?? null,
      rejectionReason: p.rejectionReason,
      userRating: p.userRating,
      decidedBy: p.decidedBy ? (p.decidedBy.name ?? p.decidedBy.email) : null,
      decidedAt: p.decidedAt,
      createdAt: p.createdAt,
      replay: replays.get(p.id) ?? null,
      replayOverrideReason: p.replayOverrideReason,
      candidates: candidatesView(p.candidates),
      };
    }),
  );
}

export function sessionFeedback(session: { feedbackSummary: unknown }): FeedbackSummary | null {
  return (session.feedbackSummary as FeedbackSummary | null) ?? null;
}

export type NoteRow = { id: string; kind: EvolutionNoteKind; content: string; createdAt: Date; sessionId: string; sessionNumber: number; sessionStatus: string };

/** Notes view: newest first, filtered by kind, session number and a websearch query. */
export async function listNotes({ workspaceId, templateId, kind, session, q, limit = 100 }: { workspaceId: string; templateId: string; kind?: EvolutionNoteKind; session?: number; q?: string; limit?: number }): Promise<NoteRow[]> {
  const where = [Prisma.sql`n."workspaceId" = ${workspaceId}`, Prisma.sql`n."templateId" = ${templateId}`];
  if (kind) where.push(Prisma.sql`n."kind" = ${kind}::"EvolutionNoteKind"`);
  if (session) where.push(Prisma.sql`s."sessionNumber" = ${session}`);
  if (q) where.push(Prisma.sql`(n."search" @@ websearch_to_tsquery('english', ${q}) OR n."content" ILIKE ${`%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`})`);
  return db.$queryRaw<NoteRow[]>`
    SELECT n."id", n."kind", n."content", n."createdAt", n."sessionId", s."sessionNumber", s."status"::text AS "sessionStatus"
    FROM "EvolutionNote" n JOIN "EvolutionSession" s ON s."id" = n."sessionId" AND s."workspaceId" = n."workspaceId"
    WHERE ${Prisma.join(where, " AND ")}
    ORDER BY n."createdAt" DESC, n."id" DESC
    LIMIT ${limit}`;
}

export async function noteSessionNumbers(workspaceId: string, templateId: string): Promise<number[]> {
  const rows = await db.evolutionSession.findMany({
    where: { workspaceId, templateId, notes: { some: {} } },
    orderBy: { sessionNumber: "desc" },
    select: { sessionNumber: true },
  });
  return rows.map((r) => r.sessionNumber);
}
