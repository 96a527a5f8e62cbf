import type { Metadata } from "next";
import Link from "next/link";
import { z } from "zod";
import { Card, CardHeader, PageHeader } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { cn } from "@/lib/cn";
import { formatDate } from "@/lib/format";
import { NewTaskForm } from "@/features/tasks/components/new-task-form";
import { TaskStatusBadge } from "@/features/tasks/components/task-status-badge";
import { TaskStatusSchema, taskStatusLabels } from "@/features/tasks/schemas";
import { listTasks } from "@/features/tasks/server";
import { listTemplates } from "@/features/templates/server";
import { can } from "@/features/workspaces/permissions";
import { getPageWorkspaceContext } from "@/features/workspaces/server";

export const metadata: Metadata = { title: "Tasks" };

const filters = [{ key: undefined, label: "All" }, ...TaskStatusSchema.options.map((key) => ({ key, label: taskStatusLabels[key] }))];

export default async function TasksPage({ params, searchParams }: { params: Promise<{ slug: string }>; searchParams: Promise<{ status?: string }> }) {
  const { slug } = await params;
  const ctx = await getPageWorkspaceContext(slug);
  const status = z.optional(TaskStatusSchema).catch(undefined).parse((await searchParams).status);
  const canWrite = can(ctx.membership.role, "tasks.write");
  const [tasks, templates] = await Promise.all([
    listTasks({ workspaceId: ctx.workspace.id, status }),
    canWrite ? listTemplates(ctx.workspace.id, { tasksOnly: true }) : Promise.resolve([]),
  ]);
  return (
    <>
      <PageHeader title="Tasks" description="The work items agents help with: one agent per task." />
      <div className="space-y-6">
        {canWrite ? (
          <Card>
            <CardHeader title="New task" description="Pick a template to give the task its agent." />
            <NewTaskForm workspaceSlug={slug} templates={templates.filter((t) => t.level === 0)} />
          </Card>
        ) : null}
        <nav className="flex gap-1" aria-label="Filter tasks by status">
          {filters.map((f) => (
            <Link
              key={f.label}
              href={f.key ? `?status=${f.key}` : "?"}
              aria-current={status === f.key ? "page" : undefined}
              className={cn("rounded-lg px-3 py-1.5 text-sm font-medium", status === f.key ? "bg-zinc-900 text-white" : "text-zinc-600 hover:bg-zinc-100")}
            >
              {f.label}
            </Link>
          ))}
        </nav>
        {tasks.length === 0 ? (
          <EmptyState title="No tasks here" />
        ) : (
          <Card>
            <ul className="divide-y divide-zinc-100">
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
