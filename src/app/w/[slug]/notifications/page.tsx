import type { Metadata } from "next";
import Link from "next/link";
import { Card, PageHeader } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { cn } from "@/lib/cn";
import { formatDateTime, timeAgo } from "@/lib/format";
import { MarkAllReadButton, MarkReadButton } from "@/features/notifications/components/mark-read-buttons";
import { listNotifications } from "@/features/notifications/server";
import { getPageWorkspaceContext } from "@/features/workspaces/server";

export const metadata: Metadata = { title: "Notifications" };

export default async function NotificationsPage({ params }: { params: Promise<{ slug: string }> }) {
  const { slug } = await params;
  const ctx = await getPageWorkspaceContext(slug);
  const notifications = await listNotifications({ userId: ctx.user.id, workspaceId: ctx.workspace.id });
  const unread = notifications.filter((n) => !n.readAt).length;

  return (
    <>
      <PageHeader
        title="Notifications"
        description={
          <>
            Ritual proposals ready for your review, and reminders.{" "}
            <Link href={`/w/${slug}/settings/notifications`} className="font-medium text-brand-700 hover:underline">
              Email settings
            </Link>
          </>
        }
        actions={notifications.length > 0 ? <MarkAllReadButton workspaceSlug={slug} disabled={unread === 0} /> : null}
      />
      {notifications.length === 0 ? (
        <EmptyState title="No notifications yet">When a weekly ritual has a proposal for you to review, it shows up here.</EmptyState>
      ) : (
        <Card>
          <ul className="divide-y divide-zinc-100">
            {notifications.map((n) => (
              <li
                key={n.id}
                data-testid="notification-item"
                data-read={n.readAt ? "true" : "false"}
                className={cn("flex items-start gap-3 px-5 py-4", n.readAt ? "" : "bg-brand-50/40")}
              >
                <span
                  className={cn("mt-2 h-2 w-2 shrink-0 rounded-full", n.readAt ? "bg-transparent" : "bg-brand-600")}
                  aria-label={n.readAt ? undefined : "Unread"}
                  role={n.readAt ? undefined : "img"}
                />
                <div className="min-w-0 flex-1">
                  <Link href={n.link} className={cn("block text-sm hover:underline", n.readAt ? "text-zinc-700" : "font-semibold text-zinc-900")}>
                    {n.title}
                  </Link>
                  {n.body ? <p className="mt-0.5 text-sm text-zinc-600">{n.body}</p> : null}
                  <time dateTime={n.createdAt.toISOString()} title={formatDateTime(n.createdAt)} className="mt-1 block text-xs text-zinc-500">
                    {timeAgo(n.createdAt)}
                  </time>
                </div>
                {n.readAt ? null : <MarkReadButton workspaceSlug={slug} id={n.id} />}
              </li>
            ))}
          </ul>
        </Card>
      )}
    </>
  );
}
