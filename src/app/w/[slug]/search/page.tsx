import type { Metadata } from "next";
import Link from "next/link";
import { Badge, Card, Notice, PageHeader } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { FilterField, FilterSelect, filterControl, isoDay } from "@/components/ui/filter";
import { formatDateTime } from "@/lib/format";
import { listAgents } from "@/features/agents/server";
import { Highlighted } from "@/features/search/components/highlighted";
import { SearchInput } from "@/features/search/schemas";
import { searchMessages } from "@/features/search/server";
import { listTemplates } from "@/features/templates/server";
import { getPageWorkspaceContext } from "@/features/workspaces/server";
import { enumWordsLower } from "@/lib/words";
import { TEXT_LIMITS } from "@/lib/text-limits";
import { CountedInput } from "@/components/ui/character-count";

export const metadata: Metadata = { title: "Search" };

const control = `${filterControl} text-sm`;
const KINDS = [["all", "All"], ["observation", "Observations"], ["report", "Reports"]] as const;
const SORTS = [["recent", "Newest"], ["relevance", "Relevance"]] as const;

export default async function SearchPage({ params, searchParams }: { params: Promise<{ slug: string }>; searchParams: Promise<Record<string, string | undefined>> }) {
  const { slug } = await params;
  const ctx = await getPageWorkspaceContext(slug);
  const raw = await searchParams;
  const parsed = SearchInput.safeParse(raw);
  const parsedInput = parsed.success ? parsed.data : SearchInput.parse({});
  // A cursor of another order (the order was changed by hand) starts again at the first page.
  const sortNow = parsedInput.q ? parsedInput.sort : "recent";
  const input = {
    ...parsedInput,
    after: parsedInput.after?.sort === sortNow ? parsedInput.after : undefined,
    before: parsedInput.after || parsedInput.before?.sort !== sortNow ? undefined : parsedInput.before,
  };
  const [templates, agents, result] = await Promise.all([
    listTemplates(ctx.workspace.id, { tasksOnly: true }),
    listAgents({ workspaceId: ctx.workspace.id, templateId: input.templateId, limit: 500 }),
    parsed.success && (input.q || raw.kind) ? searchMessages(ctx.workspace.id, input) : Promise.resolve(null),
  ]);
  // Every link keeps the query, the filters and the order; only the cursor changes.
  const pageHref = (cursor: { after?: string; before?: string }) =>
    `?${new URLSearchParams({ ...Object.fromEntries(Object.entries(raw).filter(([k, v]) => v && k !== "after" && k !== "before") as [string, string][]), ...cursor })}`;
  const countLabel = !result
    ? ""
    : result.count.estimated
      ? `About ${result.count.value.toLocaleString("en")} matches (an estimate)`
      : result.count.capped
        ? `More than ${result.count.value.toLocaleString("en")} matches`
        : `${result.count.value.toLocaleString("en")} ${result.count.value === 1 ? "match" : "matches"}`;

  return (
    <>
      <PageHeader title="Search" description="Observations and reports from every agent. Web-search syntax: “exact phrase”, or, -exclude." />
      <Card className="mb-6">
        <form method="get" role="search" className="flex flex-wrap items-end gap-3 p-4">
          <FilterField label="Query" className="min-w-64 flex-1 text-sm">
            <CountedInput name="q" type="search" limit={TEXT_LIMITS.searchQuery} defaultValue={input.q} placeholder={`"duplicate ticket" -billing`} className={`${control} px-3`} aria-label="Search query" />
          </FilterField>
          <FilterSelect label="Kind" name="kind" defaultValue={input.kind} options={KINDS} className="text-sm" selectClassName="text-sm" />
          <FilterSelect label="Template" name="templateId" defaultValue={input.templateId ?? ""} all="Any" options={templates.map((t) => [t.id, t.name])} className="text-sm" selectClassName="text-sm" />
          <FilterSelect label="Agent" name="agentId" defaultValue={input.agentId ?? ""} all="Any" options={agents.map((a) => [a.id, a.displayName])} className="text-sm" selectClassName="max-w-56 text-sm" />
          <FilterField label="From" className="text-sm">
            <input type="date" name="from" defaultValue={isoDay(input.from)} className={control} />
          </FilterField>
          <FilterField label="To" className="text-sm">
            <input type="date" name="to" defaultValue={isoDay(input.to)} className={control} />
          </FilterField>
          <FilterSelect label="Order" name="sort" defaultValue={input.sort} options={SORTS} className="text-sm" selectClassName="text-sm" />
          <button type="submit" className="h-9 rounded-lg bg-brand-600 px-4 text-sm font-medium text-white hover:bg-brand-700">
            Search
          </button>
        </form>
      </Card>

      {!parsed.success ? (
        <Notice tone="error">{parsed.error.issues.map((i) => i.message).join(" ")}</Notice>
      ) : result === null ? (
        <EmptyState title="Search what your agents noticed">Try a word like “estimate”, a phrase in quotes, or filter by template.</EmptyState>
      ) : result.hits.length === 0 ? (
        <EmptyState title="No matches">Check the spelling, remove a filter, or use fewer words.</EmptyState>
      ) : (
        <>
          <p className="mb-3 text-sm text-zinc-600" data-testid="search-count">
            {countLabel}
            {result.count.capped ? " (counting stops at 1,000)" : null}
            {result.rankedNewest ? ` · ranked by relevance among the newest ${result.rankedNewest.toLocaleString("en")} matches per source` : null}
            {result.approximate ? " · older matches are sampled, not all sorted" : null}
          </p>
          <ol className="space-y-3" aria-label="Results">
            {result.hits.map((h) => (
              <li key={`${h.kind}-${h.id}`} className="rounded-xl border border-zinc-200 bg-white p-4 shadow-xs" data-testid="search-hit">
                <div className="mb-1.5 flex flex-wrap items-center gap-2 text-xs text-zinc-500">
                  <Badge tone={h.kind === "report" ? "brand" : "zinc"}>{enumWordsLower("MessageKind", h.kind)}</Badge>
                  <Link href={`/w/${slug}/agents/${h.agentId}`} className="font-medium text-zinc-700 hover:underline">{h.agentName}</Link>
                  <span>· {h.templateName}</span>
                  <span>· {formatDateTime(h.createdAt)}</span>
                </div>
                <p className="text-sm leading-relaxed text-zinc-800">
                  <Highlighted text={h.snippet} />
                </p>
              </li>
            ))}
          </ol>
          <div className="mt-4 flex justify-between text-sm">
            {result.prevCursor ? <Link className="font-medium text-brand-600 hover:underline" rel="prev" href={pageHref({ before: result.prevCursor })}>← Previous</Link> : <span />}
            {result.nextCursor ? <Link className="font-medium text-brand-600 hover:underline" rel="next" href={pageHref({ after: result.nextCursor })}>Next →</Link> : null}
          </div>
        </>
      )}
    </>
  );
}
