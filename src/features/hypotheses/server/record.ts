import "server-only";
import type { Prisma } from "@/generated/prisma/client";
import type { EvolutionNoteKind } from "@/generated/prisma/enums";
import { checkDate, type Prediction } from "../metrics";


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
