import type { Metadata } from "next";
import Link from "next/link";
import { Card, PageHeader } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { cn } from "@/lib/cn";
import { DecisionInbox } from "@/features/decisions/components/decision-inbox";
import { listInbox } from "@/features/decisions/server/queries";
import { can } from "@/features/workspaces/permissions";
import { getPageWorkspaceContext } from "@/features/workspaces/server/page-context";

export const metadata: Metadata = { title: "Decisions" };

export default async function InboxPage({ params, searchParams }: { params: Promise<{ slug: string }>; searchParams: Promise<{ tab?: string }> }) {
  const { slug } = await params;
  const ctx = await getPageWorkspaceContext(slug);
  const tab = (await searchParams).tab === "deferred" ? "deferred" : "pending";
  const inbox = await listInbox({ workspaceId: ctx.workspace.id, status: tab });
  const items = inbox.items.map((i) => ({
    id: i.id,
    tool: i.tool,
    summary: i.summary,
    args: i.args,
    createdAt: i.createdAt.toISOString(),
    agent: { id: i.changeSet.agent.id, name: i.changeSet.agent.displayName, template: i.changeSet.agent.template.name },
    task: i.changeSet.task,
    lastReason: i.decisions[0]?.reason ?? null,
  }));
  return (
    <>
      <PageHeader title="Decisions" description="What agents proposed and wait for a person to confirm or reject. Every verdict and reason is feedback for the weekly improvement." />
      <nav className="mb-4 flex gap-1" aria-label="Inbox tabs">
        {([
          ["pending", `Pending (${inbox.pending})`],
          ["deferred", `Deferred (${inbox.deferred})`],
        ] as const).map(([key, label]) => (
          <Link key={key} href={key === "pending" ? "?" : "?tab=deferred"} aria-current={tab === key ? "page" : undefined} className={cn("rounded-lg px-3 py-1.5 text-sm font-medium", tab === key ? "bg-zinc-900 text-white" : "text-zinc-600 hover:bg-zinc-100")}>
            {label}
          </Link>
        ))}
      </nav>
      <Card>
        <DecisionInbox
          workspaceSlug={slug}
          items={items}
          canDecide={can(ctx.membership.role, "decisions.decide")}
          empty={<EmptyState title={tab === "pending" ? "Nothing waits for you" : "Nothing deferred"}>New proposals from agents appear here.</EmptyState>}
        />
      </Card>
    </>
  );
}
