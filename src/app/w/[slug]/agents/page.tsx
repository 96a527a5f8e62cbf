import type { Metadata } from "next";
import Link from "next/link";
import { Badge, Card, PageHeader } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { DataTable } from "@/components/ui/table";
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
          <DataTable rows={agents} rowKey={(a) => a.id} rowProps={() => ({ className: "hover:bg-zinc-50" })}
            columns={[
              {
                header: "Agent",
                cell: (a) => (
                  <>
                    <Link href={`/w/${slug}/agents/${a.id}`} className="font-medium hover:text-brand-700">
                      {a.displayName}
                    </Link>
                    <div className="mt-0.5">
                      <Badge tone={lifecycleTone[a.lifecycle]}>{a.lifecycle}</Badge>
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
