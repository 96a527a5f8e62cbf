import type { EvolutionNoteKind } from "@/generated/prisma/enums";
import { Badge } from "@/components/ui/card";
import { enumWords } from "@/lib/words";

// The improver's notes of one ritual session: what it saw (reflection, pattern), what it expects
// (hypothesis, checked next week) and what was decided.

const KIND_TONE: Record<EvolutionNoteKind, "zinc" | "brand" | "green" | "amber"> = { reflection: "zinc", hypothesis: "brand", decision: "green", pattern: "amber" };

export function RitualNotes({ notes, ended }: { notes: { id: string; kind: EvolutionNoteKind; content: string }[]; ended: boolean }) {
  if (notes.length === 0) return <p className="px-5 py-4 text-sm text-zinc-500">{ended ? "The improver wrote no notes in this session." : "The improver has not written notes for this session yet."}</p>;
  return (
    <ul className="divide-y divide-zinc-100" data-testid="ritual-notes">
      {notes.map((n) => (
        <li key={n.id} className="flex items-start gap-3 px-5 py-3 text-sm" data-kind={n.kind}>
          <span className="w-24 shrink-0 pt-0.5">
            <Badge tone={KIND_TONE[n.kind]}>{enumWords("EvolutionNoteKind", n.kind)}</Badge>
          </span>
          <p className="min-w-0 whitespace-pre-line text-zinc-700">{n.content}</p>
        </li>
      ))}
    </ul>
  );
}
