import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { Card, CardHeader, PageHeader } from "@/components/ui/card";
import { formatDateTime, plural, timeAgo } from "@/lib/format";
import { TaskStatusBadge } from "@/features/tasks/components/task-status-badge";
import { TaskStatusSelect } from "@/features/tasks/components/task-status-select";
import type { ChecklistItem } from "@/features/tasks/schemas";
import { getTask } from "@/features/tasks/server";
import { DecisionInbox } from "@/features/decisions/components/decision-inbox";
import { listOpenItems } from "@/features/decisions/server";
import { LiveRunStatus } from "@/features/runtime/components/live-run-status";
import { RunNowButton } from "@/features/runtime/components/run-now-button";
import { findLiveStatus } from "@/features/runtime/server";
import { can } from "@/features/workspaces/permissions";
import { getPageWorkspaceContext } from "@/features/workspaces/server";

export const metadata: Metadata = { title: "Task" };

export default async function TaskPage({ params }: { params: Promise<{ slug: string; id: string }> }) {
  const { slug, id } = await params;
  const ctx = await getPageWorkspaceContext(slug);
  const task = await getTask(ctx.workspace.id, id);
  if (!task) notFound();
  // The live status before the proposals a run writes (findLiveStatus says why).
  const live = task.agent ? await findLiveStatus(ctx.workspace.id, task.agent.id) : null;
  const proposals = await listOpenItems({ workspaceId: ctx.workspace.id, taskId: id });
  const checklist = (Array.isArray(task.checklist) ? task.checklist : []) as ChecklistItem[];
  return (
    <>
      <PageHeader
        title={task.title}
        description={`Created ${formatDateTime(task.createdAt)}${task.completedAt ? ` · done ${formatDateTime(task.completedAt)}` : ""}`}
        actions={can(ctx.membership.role, "tasks.write") ? <TaskStatusSelect workspaceSlug={slug} taskId={task.id} status={task.status} /> : <TaskStatusBadge status={task.status} />}
      />
      <div className="grid gap-6 lg:grid-cols-[1fr_20rem]">
        <div className="space-y-6">
          <Card>
            <CardHeader title="Description" />
            <p className="whitespace-pre-wrap p-5 text-sm text-zinc-800">{task.description || "No description."}</p>
          </Card>
          <Card>
            <CardHeader title="Checklist" description={checklist.length ? `${checklist.filter((c) => c.done).length} of ${checklist.length} done` : undefined} />
            <ul className="divide-y divide-zinc-100">
              {checklist.length === 0 ? <li className="px-5 py-4 text-sm text-zinc-500">Empty. The agent may propose items.</li> : null}
              {checklist.map((c) => (
                <li key={c.id} className="flex items-center gap-3 px-5 py-2.5 text-sm">
                  <input type="checkbox" checked={c.done} readOnly aria-label={c.text} className="accent-brand-600" />
                  <span className={c.done ? "text-zinc-400 line-through" : ""}>{c.text}</span>
                </li>
              ))}
            </ul>
          </Card>
        </div>
        <div className="space-y-6">
        {proposals.length > 0 ? (
          <Card>
            <CardHeader title="Waiting for a decision" description={<Link className="text-brand-600 hover:underline" href={`/w/${slug}/inbox?task=${task.id}`}>Decide in the inbox</Link>} />
            <DecisionInbox workspaceSlug={slug} items={proposals} canDecide={can(ctx.membership.role, "decisions.decide")} bulk={false} empty={null} />
          </Card>
        ) : null}
        <Card className="h-fit">
          <CardHeader title="Agent" />
          <div className="space-y-2 p-5 text-sm">
            {task.agent ? (
              <>
                <Link href={`/w/${slug}/agents/${task.agent.id}`} className="font-medium text-brand-700 hover:underline">
                  {task.agent.displayName}
                </Link>
                <p className="text-zinc-600">
                  on <Link href={`/w/${slug}/templates/${task.agent.template.id}`} className="hover:underline">{task.agent.template.name}</Link>
                </p>
                <p className="text-zinc-500">Last wake {timeAgo(task.agent.state?.lastWakeAt)} · {plural(task.agent.state?.wakeCounter ?? 0, "wake")}</p>
                <LastRunNotice slug={slug} agentId={task.agent.id} run={task.agent.runs[0]} failures={task.agent.state?.consecutiveFailureCount ?? 0} />
                <div className="flex flex-wrap items-center gap-2 pt-1">
                  <LiveRunStatus workspaceSlug={slug} agentId={task.agent.id} initial={live} />
                  {task.agent.template.runsExternally ? <span className="text-sm text-zinc-500">Runs in your own code</span> : can(ctx.membership.role, "agents.write") ? <RunNowButton workspaceSlug={slug} agentId={task.agent.id} /> : null}
                </div>
              </>
            ) : (
              <p className="text-zinc-500">No agent works on this task.</p>
            )}
            <p className="pt-2 text-zinc-600">Estimate: {task.estimateMinutes ? `${task.estimateMinutes} min` : "—"}</p>
          </div>
        </Card>
        </div>
      </div>
    </>
  );
}

/** The agent's newest finished run, when it failed (or saved its output unscored): said where people look, with the reason and the run. */
function LastRunNotice({ slug, agentId, run, failures }: { slug: string; agentId: string; run?: { id: string; status: string; outcome: string | null; error: string | null; finishedAt: Date | null }; failures: number }) {
  if (!run || (run.status !== "failed" && !run.error)) return null;
  const failed = run.status === "failed";
  return (
    <div className={`rounded-lg border px-3 py-2 ${failed ? "border-red-200 bg-red-50 text-red-800" : "border-amber-200 bg-amber-50 text-amber-900"}`} role={failed ? "alert" : "status"} data-testid="last-run-notice">
      <p className="font-medium">
        {failed ? `The last wake failed${failures > 1 ? ` (${failures} in a row)` : ""}` : "The last wake saved its output unscored"}
        {run.finishedAt ? ` ${timeAgo(run.finishedAt)}` : ""}.
      </p>
      {run.error ? <p className="mt-0.5">{run.error}</p> : null}
      <Link href={`/w/${slug}/agents/${agentId}/runs/${run.id}`} className="mt-1 inline-block text-xs font-medium underline">
        See the run
      </Link>
      {failed ? <span className="text-xs"> · “Run now” tries again.</span> : null}
    </div>
  );
}
