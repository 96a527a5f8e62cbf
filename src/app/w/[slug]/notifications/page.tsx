import type { Metadata } from "next";
import Link from "next/link";
import { Card, PageHeader } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { cn } from "@/lib/cn";
import { formatDateTime, timeAgo } from "@/lib/format";
import { MarkAllReadButton, MarkReadButton } from "@/features/notifications/components/mark-read-buttons";
import { RESOLUTION_LABEL, type NotificationResolution } from "@/features/notifications/schemas";
import { getNotificationTimezone, listNotifications, type NotificationListItem } from "@/features/notifications/server";
import { formatInZone } from "@/features/rituals/components/format";
import { getPageWorkspaceContext } from "@/features/workspaces/server";

export const metadata: Metadata = { title: "Notifications" };

export default async function NotificationsPage({ params }: { params: Promise<{ slug: string }> }) {
  const { slug } = await params;
  const ctx = await getPageWorkspaceContext(slug);
  const [notifications, zone] = await Promise.all([listNotifications({ userId: ctx.user.id, workspaceId: ctx.workspace.id }), getNotificationTimezone(ctx.workspace.id)]);
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
            {notifications.map((n) => {
              // Open: unread and not settled by a decision (what the bell counts).
              const open = !n.readAt && !n.resolvedAt;
              return (
              <li
                key={n.id}
                data-testid="notification-item"
                data-read={n.readAt ? "true" : "false"}
                data-resolved={n.resolvedAt ? "true" : "false"}
                className={cn("flex items-start gap-3 px-5 py-4", open ? "bg-brand-50/40" : "")}
              >
                <span
                  className={cn("mt-2 h-2 w-2 shrink-0 rounded-full", open ? "bg-brand-600" : "bg-transparent")}
                  aria-label={open ? "Unread" : undefined}
                  role={open ? "img" : undefined}
                />
                <div className="min-w-0 flex-1">
                  <Link href={n.link} className={cn("block text-sm hover:underline", open ? "font-semibold text-zinc-900" : n.resolvedAt ? "text-zinc-500" : "text-zinc-700")}>
                    {n.title}
                  </Link>
                  {n.resolvedAt ? (
                    <p className={cn("mt-0.5 text-sm font-medium", resolutionTone(n.resolution))} data-testid="notification-resolution">
                      {resolutionLine(n, zone)}
                    </p>
                  ) : n.body ? (
                    <p className="mt-0.5 text-sm text-zinc-600">{n.body}</p>
                  ) : null}
                  <time dateTime={n.createdAt.toISOString()} title={formatDateTime(n.createdAt)} className="mt-1 block text-xs text-zinc-500">
                    {timeAgo(n.createdAt)}
                  </time>
                </div>
                {n.readAt ? null : <MarkReadButton workspaceSlug={slug} id={n.id} />}
              </li>
              );
            })}
          </ul>
        </Card>
      )}
    </>
  );
}

const resolutionTone = (resolution: string | null) => (resolution === "approved" || resolution === "confirmed" ? "text-green-700" : resolution === "rejected" ? "text-red-700" : "text-zinc-600");

/** "approved by Ana · Tue 24 Nov, 14:02 UTC", "expired · …": who settled it and when, in the workspace's zone. */
function resolutionLine(n: NotificationListItem, zone: string) {
  const label = (RESOLUTION_LABEL[n.resolution as NotificationResolution] ?? "Resolved").toLowerCase();
  const who = n.resolvedBy ? ` by ${n.resolvedBy.name ?? n.resolvedBy.email}` : "";
  return `${label.charAt(0).toUpperCase()}${label.slice(1)}${who} · ${formatInZone(n.resolvedAt!, zone)}`;
}
