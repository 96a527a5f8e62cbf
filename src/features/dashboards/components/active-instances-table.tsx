import Link from "next/link";
import { Badge } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { DataTable } from "@/components/ui/table";
import { RunStatusBadge } from "@/features/agents/components/run-status-badge";
import { timeAgo } from "@/lib/format";
import type { ActiveInstance } from "../server/queries";
import { enumWords } from "@/lib/words";
import { agentNameBesideTask } from "@/features/agents/names";

/** Agents with a run in the window, most recently woken first. */
export function ActiveInstancesTable({ slug, instances, total, days }: { slug: string; instances: ActiveInstance[]; total: number; days: number }) {
  if (instances.length === 0) return <div className="p-5"><EmptyState title={`No instance ran in the last ${days} days`} /></div>;
  return (
    <div className="overflow-x-auto">
      <DataTable rows={instances} rowKey={(a) => a.agentId} rowTestId="active-instance-row" head="shaded" pad="dashboard" cellY="py-2.5"
        testId="active-instances" caption={`Agents of this template with a run in the last ${days} days, most recent first`}
        columns={[
          {
            // Its own name, or a short id when that name only repeats the task (next column): one line.
            header: "Agent",
            className: "whitespace-nowrap",
            cellProps: (a) => ({ "data-testid": "instance-agent", title: a.displayName }),
            cell: (a) => (
              <>
                <Link href={`/w/${slug}/agents/${a.agentId}`} className="font-medium text-zinc-900 hover:text-brand-700 hover:underline">{agentNameBesideTask(a)}</Link>
                {a.lifecycle !== "active" ? <span className="ml-2"><Badge>{enumWords("AgentLifecycle", a.lifecycle)}</Badge></span> : null}
              </>
            ),
          },
          {
            // The widest column: it takes the room the others leave and truncates only past it.
            header: "Task",
            className: "w-full max-w-0 truncate text-zinc-600",
            cellProps: (a) => ({ title: a.taskTitle ?? undefined }),
            cell: (a) => (a.taskId ? <Link href={`/w/${slug}/tasks/${a.taskId}`} className="hover:underline">{a.taskTitle}</Link> : <span className="text-zinc-400">—</span>),
          },
          { header: "Last wake", className: "whitespace-nowrap text-zinc-600", cell: (a) => <time dateTime={a.lastWakeAt.toISOString()}>{timeAgo(a.lastWakeAt)}</time> },
          { header: "Last run", className: "whitespace-nowrap", cell: (a) => (a.lastRunStatus ? <RunStatusBadge status={a.lastRunStatus} /> : "—") },
          { header: "Wakes", align: "right", className: "whitespace-nowrap tabular-nums", cell: (a) => a.wakeCount },
        ]}
      />
      {total > instances.length ? <p className="border-t border-zinc-100 px-5 py-2 text-xs text-zinc-500">Showing the {instances.length} most recent of {total.toLocaleString("en")} active instances.</p> : null}
    </div>
  );
}
