import Link from "next/link";
import { Badge } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { timeAgo } from "@/lib/format";
import type { ActiveInstance } from "../server/queries";

const statusTone = { succeeded: "green", failed: "red", running: "amber" } as const;

/** Agents with a run in the window, most recently woken first. */
export function ActiveInstancesTable({ slug, instances, total, days }: { slug: string; instances: ActiveInstance[]; total: number; days: number }) {
  if (instances.length === 0) return <div className="p-5"><EmptyState title={`No instance ran in the last ${days} days`} /></div>;
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-sm" data-testid="active-instances">
        <caption className="sr-only">Agents of this template with a run in the last {days} days, most recent first</caption>
        <thead className="bg-zinc-50 text-left text-xs uppercase tracking-wide text-zinc-500">
          <tr>
            <th scope="col" className="px-5 py-2 font-medium">Agent</th>
            <th scope="col" className="px-3 py-2 font-medium">Task</th>
            <th scope="col" className="px-3 py-2 font-medium">Last wake</th>
            <th scope="col" className="px-3 py-2 font-medium">Last run</th>
            <th scope="col" className="px-5 py-2 text-right font-medium">Wakes</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-zinc-100">
          {instances.map((a) => (
            <tr key={a.agentId} data-testid="active-instance-row">
              <td className="px-5 py-2.5">
                <Link href={`/w/${slug}/agents/${a.agentId}`} className="font-medium text-zinc-900 hover:text-brand-700 hover:underline">{a.displayName}</Link>
                {a.lifecycle !== "active" ? <span className="ml-2"><Badge>{a.lifecycle}</Badge></span> : null}
              </td>
              <td className="max-w-xs truncate px-3 py-2.5 text-zinc-600">
                {a.taskId ? <Link href={`/w/${slug}/tasks/${a.taskId}`} className="hover:underline">{a.taskTitle}</Link> : <span className="text-zinc-400">—</span>}
              </td>
              <td className="whitespace-nowrap px-3 py-2.5 text-zinc-600"><time dateTime={a.lastWakeAt.toISOString()}>{timeAgo(a.lastWakeAt)}</time></td>
              <td className="px-3 py-2.5">{a.lastRunStatus ? <Badge tone={statusTone[a.lastRunStatus]}>{a.lastRunStatus}</Badge> : "—"}</td>
              <td className="px-5 py-2.5 text-right tabular-nums">{a.wakeCount}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {total > instances.length ? <p className="border-t border-zinc-100 px-5 py-2 text-xs text-zinc-500">Showing the {instances.length} most recent of {total.toLocaleString("en")} active instances.</p> : null}
    </div>
  );
}
