import type { Metadata } from "next";
import Link from "next/link";
import { Badge, Card, PageHeader } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { FilterActions, FilterSelect } from "@/components/ui/filter";
import { Pagination } from "@/components/ui/pagination";
import { DataTable } from "@/components/ui/table";
import { plural, timeAgo } from "@/lib/format";
import { AgentListParams, AGENTS_PAGE_SIZE, type AgentSort } from "@/features/agents/schemas";
import { listAgentsPage } from "@/features/agents/server";
import { listTemplates } from "@/features/templates/server";
import { getPageWorkspaceContext } from "@/features/workspaces/server";
import { AgentLifecycle } from "@/generated/prisma/enums";
import { enumWords } from "@/lib/words";

export const metadata: Metadata = { title: "Agents" };

const lifecycleTone = { created: "zinc", active: "green", dormant: "amber", destroyed: "red" } as const;

const SORT_LABELS: Record<AgentSort, string> = { newest: "Newest first", oldest: "Oldest first", name: "Name (A–Z)" };

export default async function AgentsPage({ params, searchParams }: { params: Promise<{ slug: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const { slug } = await params;
  const ctx = await getPageWorkspaceContext(slug);
  const query = AgentListParams.parse(await searchParams);
  // A cursor of another order (the sort was changed by hand) starts again at the first page.
  const cursorOk = (c: typeof query.after) => (c && c.sort === query.sort ? c : undefined);
  const [templates, page] = await Promise.all([
    listTemplates(ctx.workspace.id),
    listAgentsPage({
      workspaceId: ctx.workspace.id, templateId: query.template, lifecycle: query.status, sort: query.sort,
      limit: AGENTS_PAGE_SIZE, after: cursorOk(query.after), before: query.after ? undefined : cursorOk(query.before), withTotal: true,
    }),
  ]);
  const agents = page.agents;
  const total = page.total ?? 0;
  const offset = page.offset ?? 0;
  const filtered = Boolean(query.template || query.status);
  // Every link keeps the filters and the order; only the cursor changes.
  const href = (cursor: { after?: string; before?: string } = {}) => {
    const p = new URLSearchParams();
    if (query.template) p.set("template", query.template);
    if (query.status) p.set("status", query.status);
    if (query.sort !== "newest") p.set("sort", query.sort);
    if (cursor.after) p.set("after", cursor.after);
    if (cursor.before) p.set("before", cursor.before);
    const text = p.toString();
    return text ? `?${text}` : `/w/${slug}/agents`;
  };
  const pager = (
    <Pagination
      from={offset + 1} to={offset + agents.length} total={total} noun="agents"
      prevHref={page.prevCursor ? (offset - AGENTS_PAGE_SIZE <= 0 ? href() : href({ before: page.prevCursor })) : null}
      nextHref={page.nextCursor ? href({ after: page.nextCursor }) : null}
    />
  );
  return (
    <>
      <PageHeader title="Agents" description={`Every agent instance, the template it runs on and the task it helps with. ${filtered ? `${plural(total, "agent")} match.` : `${plural(total, "agent")} in this workspace.`}`} />
      <Card className="mb-4">
        <form method="get" aria-label="Filter agents" className="flex flex-wrap items-end gap-3 p-4 text-sm">
          <FilterSelect label="Template" name="template" defaultValue={query.template ?? ""} all="All templates" options={templates.map((t) => [t.id, t.name])} selectClassName="max-w-64" />
          <FilterSelect label="Status" name="status" defaultValue={query.status ?? ""} all="Any status" options={Object.values(AgentLifecycle).map((l) => [l, l])} />
          <FilterSelect label="Order" name="sort" defaultValue={query.sort} options={Object.entries(SORT_LABELS)} />
          <FilterActions resetHref={filtered || query.sort !== "newest" ? `/w/${slug}/agents` : null} />
        </form>
      </Card>
      {agents.length === 0 ? (
        filtered ? (
          <EmptyState title="No agents match">Change the template or the status, or reset the filters.</EmptyState>
        ) : (
          <EmptyState title="No agents yet">Create a task with a template, or register agents through the API.</EmptyState>
        )
      ) : (
        <Card>
          {pager}
          <DataTable rows={agents} rowTestId="agent-row" rowKey={(a) => a.id} rowProps={() => ({ className: "hover:bg-zinc-50" })}
            columns={[
              {
                header: "Agent",
                cell: (a) => (
                  <>
                    <Link href={`/w/${slug}/agents/${a.id}`} className="font-medium hover:text-brand-700">
                      {a.displayName}
                    </Link>
                    <div className="mt-0.5">
                      <Badge tone={lifecycleTone[a.lifecycle]}>{enumWords("AgentLifecycle", a.lifecycle)}</Badge>
                      {a.state && a.state.consecutiveFailureCount > 0 ? <Badge tone="red">{a.state.consecutiveFailureCount === 1 ? "last wake failed" : `${a.state.consecutiveFailureCount} failed wakes`}</Badge> : null}
                    </div>
                    {a.runs[0]?.status === "failed" ? (
                      <Link href={`/w/${slug}/agents/${a.id}/runs/${a.runs[0].id}`} className="mt-1 line-clamp-2 max-w-md text-xs text-red-700 hover:underline" data-testid="agent-failure">
                        {a.runs[0].error ?? "The last wake failed."}
                      </Link>
                    ) : null}
                  </>
                ),
              },
              {
                header: "Template",
                cell: (a) => (
                  <Link href={`/w/${slug}/templates/${a.template.id}`} className="hover:text-brand-700">
                    {a.template.name}
                  </Link>
                ),
              },
              {
                header: "Task",
                cell: (a) =>
                  a.task ? (
                    <Link href={`/w/${slug}/tasks/${a.task.id}`} className="line-clamp-1 hover:text-brand-700">
                      {a.task.title}
                    </Link>
                  ) : (
                    <span className="text-zinc-400">—</span>
                  ),
              },
              { header: "Last wake", className: "text-zinc-500", cell: (a) => timeAgo(a.state?.lastWakeAt) },
              { header: "Wakes", align: "right", className: "tabular-nums", cell: (a) => a.state?.wakeCounter ?? 0 },
            ]}
          />
        </Card>
      )}
    </>
  );
}
