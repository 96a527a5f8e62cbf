import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { Badge, Card, PageHeader } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { FilterField, FilterSelect } from "@/components/ui/filter";
import { NotesFilter } from "@/features/one-on-one/schemas";
import { listNotes, noteSessionNumbers } from "@/features/one-on-one/server";
import { getTemplate } from "@/features/templates/server";
import { getPageWorkspaceContext } from "@/features/workspaces/server";
import { EvolutionNoteKind } from "@/generated/prisma/enums";
import { formatDateTime } from "@/lib/format";
import { enumWords } from "@/lib/words";
import { TEXT_LIMITS } from "@/lib/text-limits";
import { CountedInput } from "@/components/ui/character-count";

export const metadata: Metadata = { title: "Improver notes" };

const kindTone = { reflection: "zinc", hypothesis: "brand", decision: "green", pattern: "amber" } as const;

/** The improver's journal for one template: every evolution note, filterable and searchable. */
export default async function NotesPage({ params, searchParams }: { params: Promise<{ slug: string; id: string }>; searchParams: Promise<Record<string, string | undefined>> }) {
  const { slug, id } = await params;
  const ctx = await getPageWorkspaceContext(slug);
  const template = await getTemplate(ctx.workspace.id, id);
  if (!template) notFound();
  const filter = NotesFilter.parse(await searchParams);
  const [notes, sessions] = await Promise.all([
    listNotes({ workspaceId: ctx.workspace.id, templateId: template.id, kind: filter.kind, session: filter.session, q: filter.q || undefined }),
    noteSessionNumbers(ctx.workspace.id, template.id),
  ]);
  const base = `/w/${slug}/templates/${template.id}`;
  const filtered = Boolean(filter.kind || filter.session || filter.q);

  return (
    <>
      <PageHeader
        title={`Improver notes · ${template.name}`}
        description="What the improver wrote down in its sessions: reflections, hypotheses to test, decisions and patterns. It reads the last five sessions' notes at the start of every session."
        actions={
          <div className="flex items-center gap-3 text-sm">
            <Link className="font-medium text-brand-600 hover:underline" href={`${base}/one-on-one`}>
              One-on-one
            </Link>
            <Link className="font-medium text-brand-600 hover:underline" href={base}>
              Template
            </Link>
          </div>
        }
      />
      <Card>
        <form method="get" className="flex flex-wrap items-end gap-3 border-b border-zinc-100 p-4 text-sm" aria-label="Filter notes">
          <FilterField label="Search">
            <CountedInput type="search" name="q" limit={TEXT_LIMITS.searchQuery} defaultValue={filter.q ?? ""} placeholder="duplicates, “priority”…" className="h-9 w-64 rounded-lg border border-zinc-300 px-3" />
          </FilterField>
          <FilterSelect label="Kind" name="kind" defaultValue={filter.kind ?? ""} all="All kinds" options={Object.values(EvolutionNoteKind).map((k) => [k, enumWords("EvolutionNoteKind", k)])} />
          <FilterSelect label="Session" name="session" defaultValue={filter.session ?? ""} all="All sessions" options={sessions.map((n) => [n, `#${n}`])} />
          <button type="submit" className="h-9 rounded-lg border border-zinc-300 bg-white px-3 font-medium hover:bg-zinc-50">
            Apply
          </button>
          {filtered ? (
            <Link href={`${base}/notes`} className="h-9 px-2 leading-9 text-zinc-600 hover:underline">
              Clear
            </Link>
          ) : null}
        </form>
        {notes.length === 0 ? (
          <div className="p-6">
            <EmptyState title={filtered ? "No notes match" : "No notes yet"}>{filtered ? "Try another word or clear the filters." : "The improver writes notes during one-on-ones."}</EmptyState>
          </div>
        ) : (
          <ol className="divide-y divide-zinc-100" data-testid="notes-list">
            {notes.map((n) => (
              <li key={n.id} className="px-5 py-3" data-testid="note-row" data-kind={n.kind}>
                <div className="flex flex-wrap items-center gap-2 text-xs text-zinc-500">
                  <Badge tone={kindTone[n.kind]}>{enumWords("EvolutionNoteKind", n.kind)}</Badge>
                  <Link className="font-medium text-brand-600 hover:underline" href={`${base}/one-on-one?session=${n.sessionId}`}>
                    Session #{n.sessionNumber}
                  </Link>
                  <span>{formatDateTime(n.createdAt)}</span>
                </div>
                <p className="mt-1 whitespace-pre-wrap text-sm text-zinc-800">{n.content}</p>
              </li>
            ))}
          </ol>
        )}
      </Card>
    </>
  );
}
