import "server-only";
import type { Prisma } from "@/generated/prisma/client";
import type { EvolutionNoteKind } from "@/generated/prisma/enums";
import type { Prediction } from "../metrics";

const DAY_MS = 24 * 3_600_000;

/**
 * The check date: `days` from now, as a date (00:00 UTC). A weekly ritual a week later, at any hour
 * of that day, is then the first ritual after it — not the one a fortnight later because the
 * hypothesis was written a few minutes into its own ritual.
 */
export function checkDate(now: Date, days: number): Date {
  const at = new Date(now.getTime() + days * DAY_MS);
  return new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate()));
}

export type NoteToRecord = { kind: EvolutionNoteKind; content: string; prediction?: Prediction };

/**
 * Writes an improver's note and, for a hypothesis with a prediction, its ledger entry (checked
 * on the date `checkAfterDays` from now). A prediction on another kind of note is ignored: only hypotheses are graded.
 */
export async function recordNote(
  t: Prisma.TransactionClient,
  ref: { workspaceId: string; templateId: string; sessionId: string },
  note: NoteToRecord,
  now = new Date(),
): Promise<{ noteId: string; hypothesisId: string | null }> {
  const created = await t.evolutionNote.create({ data: { ...ref, kind: note.kind, content: note.content, createdAt: now }, select: { id: true } });
  if (note.kind !== "hypothesis" || !note.prediction) return { noteId: created.id, hypothesisId: null };
  const p = note.prediction;
  const h = await t.hypothesis.create({
    data: {
      ...ref,
      noteId: created.id,
      metric: p.metric,
      tool: p.tool ?? null,
      category: p.category ?? null,
      direction: p.direction,
      size: p.size,
      probability: p.probability,
      checkAt: checkDate(now, p.checkAfterDays ?? 7),
      createdAt: now,
    },
    select: { id: true },
  });
  return { noteId: created.id, hypothesisId: h.id };
}
