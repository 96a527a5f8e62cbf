import type { Metadata } from "next";
import Link from "next/link";
import { Card, PageHeader } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { cn } from "@/lib/cn";
import { DecisionInbox } from "@/features/decisions/components/decision-inbox";
import { listInbox, toInboxItem } from "@/features/decisions/server";
import { getTaskTitle } from "@/features/tasks/server";
import { IdSchema } from "@/features/workspaces/schemas";
import { can } from "@/features/workspaces/permissions";
import { getPageWorkspaceContext } from "@/features/workspaces/server";

export const metadata: Metadata = { title: "Decisions" };

export default async function InboxPage({ params, searchParams }: { params: Promise<{ slug: string }>; searchParams: Promise<{ tab?: string; task?: string }> }) {
  const { slug } = await params;
  const ctx = await getPageWorkspaceContext(slug);
  const query = await searchParams;
  const tab = query.tab === "deferred" ? "deferred" : "pending";
  const taskFilter = IdSchema.safeParse(query.task);
  const task = taskFilter.success ? await getTaskTitle(ctx.workspace.id, taskFilter.data) : null;
  const inbox = await listInbox({ workspaceId: ctx.workspace.id, status: tab, taskId: task?.id });
  const href = (t: "pending" | "deferred") => `?${new URLSearchParams({ ...(t === "deferred" ? { tab: t } : {}), ...(task ? { task: task.id } : {}) })}`;
  const items = inbox.items.map(toInboxItem);
  return (
    <>
      <PageHeader title="Decisions" description="What agents proposed and wait for a person to confirm or reject. Every verdict and reason is feedback for the weekly improvement." />
      <nav className="mb-4 flex gap-1" aria-label="Inbox tabs">
        {([
          ["pending", `Pending (${inbox.pending})`],
          ["deferred", `Deferred (${inbox.deferred})`],
        ] as const).map(([key, label]) => (
          <Link key={key} href={href(key)} aria-current={tab === key ? "page" : undefined} className={cn("rounded-lg px-3 py-1.5 text-sm font-medium", tab === key ? "bg-zinc-900 text-white" : "text-zinc-600 hover:bg-zinc-100")}>
            {label}
          </Link>
        ))}
      </nav>
      {task ? (
        <p className="mb-3 text-sm text-zinc-600" data-testid="inbox-filter">
          Proposals for the task <Link className="font-medium text-brand-700 hover:underline" href={`/w/${slug}/tasks/${task.id}`}>{task.title}</Link> ·{" "}
          <Link className="text-brand-600 hover:underline" href={tab === "deferred" ? "?tab=deferred" : "?"}>show all</Link>
        </p>
      ) : null}
      {inbox.matching > items.length ? (
        <p className="mb-3 text-sm text-zinc-600" data-testid="inbox-more">
          Showing the oldest {items.length} of {inbox.matching}. Decide these first, or open a task to see its own proposals.
        </p>
      ) : null}
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
