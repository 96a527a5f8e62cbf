import type { Metadata } from "next";
import { Card, CardHeader, Notice, PageHeader } from "@/components/ui/card";
import { EmailNotificationsToggle } from "@/features/notifications/components/email-notifications-toggle";
import { getEmailNotifications } from "@/features/notifications/server";
import { atLeast } from "@/features/workspaces/permissions";
import { getPageWorkspaceContext } from "@/features/workspaces/server";

export const metadata: Metadata = { title: "Notification settings" };

export default async function NotificationSettingsPage({ params }: { params: Promise<{ slug: string }> }) {
  const { slug } = await params;
  const ctx = await getPageWorkspaceContext(slug);
  const enabled = await getEmailNotifications({ userId: ctx.user.id, workspaceId: ctx.workspace.id });
  const notified = atLeast(ctx.membership.role, "member");

  return (
    <>
      <PageHeader title="Notifications" description={`Your own preferences in ${ctx.workspace.name}; other members choose theirs.`} />
      <div className="space-y-6">
        {notified ? null : (
          <Notice>As a viewer you are not notified of ritual reviews: only members, admins and owners decide on proposals.</Notice>
        )}
        <Card>
          <CardHeader title="Email" description={`Sent to ${ctx.user.email}.`} />
          <div className="px-5 py-4">
            <EmailNotificationsToggle workspaceSlug={slug} enabled={enabled} />
          </div>
        </Card>
        <Card>
          <CardHeader
            title="In the app"
            description="In-app notifications always arrive: the bell in the sidebar shows how many are still open (unread and not settled), whatever your email setting."
          />
        </Card>
      </div>
    </>
  );
}
