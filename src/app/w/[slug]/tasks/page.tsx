import type { Metadata } from "next";
import Link from "next/link";
import { Card, CardHeader, PageHeader } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { FilterActions, FilterSelect } from "@/components/ui/filter";
import { Pagination } from "@/components/ui/pagination";
import { formatDate, plural } from "@/lib/format";
import { NewTaskForm } from "@/features/tasks/components/new-task-form";
import { TaskStatusBadge } from "@/features/tasks/components/task-status-badge";
import { TaskListParams, TASKS_PAGE_SIZE, TaskStatusSchema, taskStatusLabels, type TaskSort } from "@/features/tasks/schemas";
import { listTasksPage } from "@/features/tasks/server";
import { listTemplates } from "@/features/templates/server";
import { can } from "@/features/workspaces/permissions";
import { getPageWorkspaceContext } from "@/features/workspaces/server";

export const metadata: Metadata = { title: "Tasks" };

const SORT_LABELS: Record<TaskSort, string> = { newest: "Newest first", oldest: "Oldest first", title: "Title (A–Z)" };

export default async function TasksPage({ params, searchParams }: { params: Promise<{ slug: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const { slug } = await params;
  const ctx = await getPageWorkspaceContext(slug);
  const query = TaskListParams.parse(await searchParams);
  const canWrite = can(ctx.membership.role, "tasks.write");
  // A cursor of another order (the sort was changed by hand) starts again at the first page.
  const cursorOk = (c: typeof query.after) => (c && c.sort === query.sort ? c : undefined);
  const [templates, page] = await Promise.all([
    listTemplates(ctx.workspace.id, { tasksOnly: true }),
    listTasksPage({
      workspaceId: ctx.workspace.id, status: query.status, templateId: query.template, sort: query.sort,
      limit: TASKS_PAGE_SIZE, after: cursorOk(query.after), before: query.after ? undefined : cursorOk(query.before), withTotal: true,
    }),
  ]);
  const tasks = page.tasks;
  const total = page.total ?? 0;
  const offset = page.offset ?? 0;
  const filtered = Boolean(query.template || query.status);
  // Every link keeps the filters and the order; only the cursor changes.
  const href = (cursor: { after?: string; before?: string } = {}) => {
    const p = new URLSearchParams();
    if (query.status) p.set("status", query.status);
    if (query.template) p.set("template", query.template);
    if (query.sort !== "newest") p.set("sort", query.sort);
    if (cursor.after) p.set("after", cursor.after);
    if (cursor.before) p.set("before", cursor.before);
    const text = p.toString();
    return text ? `?${text}` : `/w/${slug}/tasks`;
  };
  return (
    <>
      <PageHeader title="Tasks" description={`The work items agents help with: one agent per task. ${filtered ? `${plural(total, "task")} match.` : `${plural(total, "task")} in this workspace.`}`} />
      <div className="space-y-6">
        {canWrite ? (
          <Card>
            <CardHeader title="New task" description="Pick a template to give the task its agent." />
            <NewTaskForm workspaceSlug={slug} templates={templates.filter((t) => t.level === 0)} />
          </Card>
        ) : null}
        <Card>
          <form method="get" aria-label="Filter tasks" className="flex flex-wrap items-end gap-3 p-4 text-sm">
            <FilterSelect label="Status" name="status" defaultValue={query.status ?? ""} all="Any status" options={TaskStatusSchema.options.map((s) => [s, taskStatusLabels[s]])} />
            <FilterSelect label="Template" name="template" defaultValue={query.template ?? ""} all="All templates" options={templates.map((t) => [t.id, t.name])} selectClassName="max-w-64" />
            <FilterSelect label="Order" name="sort" defaultValue={query.sort} options={Object.entries(SORT_LABELS)} />
            <FilterActions resetHref={filtered || query.sort !== "newest" ? `/w/${slug}/tasks` : null} />
          </form>
        </Card>
        {tasks.length === 0 ? (
          filtered ? (
            <EmptyState title="No tasks match">Change the status or the template, or reset the filters.</EmptyState>
          ) : (
            <EmptyState title="No tasks yet">{canWrite ? "Create one above: pick a template to give it an agent." : "Members create tasks; they will be listed here."}</EmptyState>
          )
        ) : (
          <Card>
            <Pagination
              from={offset + 1} to={offset + tasks.length} total={total} noun="tasks"
              prevHref={page.prevCursor ? (offset - TASKS_PAGE_SIZE <= 0 ? href() : href({ before: page.prevCursor })) : null}
              nextHref={page.nextCursor ? href({ after: page.nextCursor }) : null}
            />
            <ul className="divide-y divide-zinc-100 border-t border-zinc-100">
              {tasks.map((t) => (
                <li key={t.id} className="flex flex-wrap items-center gap-3 px-5 py-3 text-sm" data-testid="task-row">
                  <TaskStatusBadge status={t.status} />
                  <Link href={`/w/${slug}/tasks/${t.id}`} className="min-w-0 flex-1 truncate font-medium hover:text-brand-700">
                    {t.title}
                  </Link>
                  {t.agent ? <span className="text-zinc-500">{t.agent.template.name}</span> : <span className="text-zinc-400">no agent</span>}
                  <span className="w-28 text-right text-zinc-500">{formatDate(t.createdAt)}</span>
                </li>
              ))}
            </ul>
          </Card>
        )}
      </div>
    </>
  );
}
