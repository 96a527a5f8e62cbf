import type { Metadata } from "next";
import Link from "next/link";
import { Badge, Card, PageHeader } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { timeAgo } from "@/lib/format";
import { listAgents } from "@/features/agents/server";
import { getPageWorkspaceContext } from "@/features/workspaces/server";

export const metadata: Metadata = { title: "Agents" };

const lifecycleTone = { created: "zinc", active: "green", dormant: "amber", destroyed: "red" } as const;

export default async function AgentsPage({ params }: { params: Promise<{ slug: string }> }) {
  const { slug } = await params;
  const ctx = await getPageWorkspaceContext(slug);
  const agents = await listAgents({ workspaceId: ctx.workspace.id });
  return (
    <>
      <PageHeader title="Agents" description="Every agent instance, the template it runs on and the task it helps with." />
      {agents.length === 0 ? (
        <EmptyState title="No agents yet">Create a task with a template, or register agents through the API.</EmptyState>
      ) : (
        <Card>
          <table className="w-full text-sm">
            <thead className="border-b border-zinc-100 text-left text-xs uppercase tracking-wide text-zinc-500">
              <tr>
                <th className="px-5 py-3 font-medium">Agent</th>
                <th className="px-5 py-3 font-medium">Template</th>
                <th className="px-5 py-3 font-medium">Task</th>
                <th className="px-5 py-3 font-medium">Last wake</th>
                <th className="px-5 py-3 text-right font-medium">Wakes</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-zinc-100">
              {agents.map((a) => (
                <tr key={a.id} className="hover:bg-zinc-50">
                  <td className="px-5 py-3">
                    <Link href={`/w/${slug}/agents/${a.id}`} className="font-medium hover:text-brand-700">
                      {a.displayName}
                    </Link>
                    <div className="mt-0.5">
                      <Badge tone={lifecycleTone[a.lifecycle]}>{a.lifecycle}</Badge>
                      {a.state && a.state.consecutiveFailureCount > 0 ? <Badge tone="red">{a.state.consecutiveFailureCount} failures</Badge> : null}
                    </div>
                  </td>
                  <td className="px-5 py-3">
                    <Link href={`/w/${slug}/templates/${a.template.id}`} className="hover:text-brand-700">
                      {a.template.name}
                    </Link>
                  </td>
                  <td className="px-5 py-3">
                    {a.task ? (
                      <Link href={`/w/${slug}/tasks/${a.task.id}`} className="line-clamp-1 hover:text-brand-700">
                        {a.task.title}
                      </Link>
                    ) : (
                      <span className="text-zinc-400">—</span>
                    )}
                  </td>
                  <td className="px-5 py-3 text-zinc-500">{timeAgo(a.state?.lastWakeAt)}</td>
                  <td className="px-5 py-3 text-right tabular-nums">{a.state?.wakeCounter ?? 0}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </Card>
      )}
    </>
  );
}
