import type { Metadata } from "next";
import Link from "next/link";
import { Card, PageHeader } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { DateRangeFields, FilterActions, FilterSelect, isoDay } from "@/components/ui/filter";
import { Pagination } from "@/components/ui/pagination";
import { cn } from "@/lib/cn";
import { formatCount } from "@/lib/capped-count";
import { DecisionInbox } from "@/features/decisions/components/decision-inbox";
import { INBOX_PAGE_SIZE, InboxListParams, TaskToolArgs } from "@/features/decisions/schemas";
import { listInboxPage, toInboxItem } from "@/features/decisions/server";
import { getTaskTitle } from "@/features/tasks/server";
import { listTemplates } from "@/features/templates/server";
import { can } from "@/features/workspaces/permissions";
import { getPageWorkspaceContext } from "@/features/workspaces/server";
import { toolLabel } from "@/lib/words";

export const metadata: Metadata = { title: "Decisions" };

const DAY = 86_400_000;
const TOOLS = Object.keys(TaskToolArgs);

export default async function InboxPage({ params, searchParams }: { params: Promise<{ slug: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const { slug } = await params;
  const ctx = await getPageWorkspaceContext(slug);
  const query = InboxListParams.parse(await searchParams);
  const tab = query.tab;
  const [task, templates] = await Promise.all([query.task ? getTaskTitle(ctx.workspace.id, query.task) : null, listTemplates(ctx.workspace.id)]);
  const inbox = await listInboxPage({
    workspaceId: ctx.workspace.id, status: tab, taskId: task?.id, tool: query.tool, templateId: query.template,
    from: query.from, to: query.to ? new Date(query.to.getTime() + DAY) : undefined,
    limit: INBOX_PAGE_SIZE, after: query.after, before: query.after ? undefined : query.before,
  });
  const items = inbox.items.map(toInboxItem);
  const filtered = Boolean(query.tool || query.template || query.from || query.to);
  // Every link keeps the tab and the filters; only the cursor changes.
  const href = (over: { tab?: "pending" | "deferred"; after?: string; before?: string } = {}) => {
    const p = new URLSearchParams();
    const t = over.tab ?? tab;
    if (t === "deferred") p.set("tab", t);
    if (task) p.set("task", task.id);
    if (query.tool) p.set("tool", query.tool);
    if (query.template) p.set("template", query.template);
    if (query.from) p.set("from", isoDay(query.from));
    if (query.to) p.set("to", isoDay(query.to));
    if (over.after) p.set("after", over.after);
    if (over.before) p.set("before", over.before);
    return `?${p}`;
  };
  const offset = inbox.offset;
  const from = offset.value + 1;
  const to = offset.value + items.length;
  const rangeText = inbox.total.value === 0
    ? "No items"
    : offset.capped
      ? `${items.length} more past the first ${formatCount(offset)} of ${formatCount(inbox.total)}`
      : `${from.toLocaleString("en")}–${to.toLocaleString("en")} of ${formatCount(inbox.total)}`;
  const pager = (
    <Pagination
      from={from} to={to} total={inbox.total.value} noun="items" rangeText={rangeText}
      prevHref={inbox.prevCursor ? (!offset.capped && offset.value - INBOX_PAGE_SIZE <= 0 ? href() : href({ before: inbox.prevCursor })) : null}
      nextHref={inbox.nextCursor ? href({ after: inbox.nextCursor }) : null}
    />
  );
  return (
    <>
      <PageHeader title="Decisions" description="What agents proposed and wait for a person to confirm or reject. Every verdict and reason is feedback for the weekly improvement." />
      <nav className="mb-4 flex gap-1" aria-label="Inbox tabs">
        {([
          ["pending", `Pending (${formatCount(inbox.pending)})`],
          ["deferred", `Deferred (${formatCount(inbox.deferred)})`],
        ] as const).map(([key, label]) => (
          <Link key={key} href={href({ tab: key })} aria-current={tab === key ? "page" : undefined} className={cn("rounded-lg px-3 py-1.5 text-sm font-medium", tab === key ? "bg-zinc-900 text-white" : "text-zinc-600 hover:bg-zinc-100")}>
            {label}
          </Link>
        ))}
      </nav>
      <Card className="mb-4">
        <form method="get" aria-label="Filter decisions" className="flex flex-wrap items-end gap-3 p-4 text-sm">
          {tab === "deferred" ? <input type="hidden" name="tab" value="deferred" /> : null}
          {task ? <input type="hidden" name="task" value={task.id} /> : null}
          <FilterSelect label="Tool" name="tool" defaultValue={query.tool ?? ""} all="Any tool" options={TOOLS.map((t) => [t, toolLabel(t)])} />
          <FilterSelect label="Template" name="template" defaultValue={query.template ?? ""} all="All templates" options={templates.map((t) => [t.id, t.name])} selectClassName="max-w-64" />
          <DateRangeFields from={query.from} to={query.to} />
          <FilterActions resetHref={filtered ? `?${new URLSearchParams({ ...(tab === "deferred" ? { tab } : {}), ...(task ? { task: task.id } : {}) })}` : null} />
        </form>
      </Card>
      {task ? (
        <p className="mb-3 text-sm text-zinc-600" data-testid="inbox-filter">
          Proposals for the task <Link className="font-medium text-brand-700 hover:underline" href={`/w/${slug}/tasks/${task.id}`}>{task.title}</Link> ·{" "}
          <Link className="text-brand-600 hover:underline" href={tab === "deferred" ? "?tab=deferred" : "?"}>show all</Link>
        </p>
      ) : null}
      <Card>
        {items.length > 0 ? pager : null}
        <DecisionInbox
          workspaceSlug={slug}
          items={items}
          canDecide={can(ctx.membership.role, "decisions.decide")}
          empty={
            filtered ? (
              <EmptyState title="Nothing matches">Change the tool, the template or the dates, or reset the filters.</EmptyState>
            ) : (
              <EmptyState title={tab === "pending" ? "Nothing waits for you" : "Nothing deferred"}>New proposals from agents appear here.</EmptyState>
            )
          }
        />
      </Card>
    </>
  );
}
