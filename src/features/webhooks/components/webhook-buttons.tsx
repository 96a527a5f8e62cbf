"use client";
import { ActionButton } from "@/components/ui/action-button";
import { deleteWebhookAction, sendTestWebhookAction, setWebhookEnabledAction } from "../actions/manage-webhook";

export function WebhookButtons({ workspaceSlug, webhookId, url, enabled }: { workspaceSlug: string; webhookId: string; url: string; enabled: boolean }) {
  const input = { workspaceSlug, webhookId };
  return (
    <div className="flex flex-wrap items-center justify-end gap-2">
      <ActionButton size="sm" variant="secondary" action={sendTestWebhookAction} input={input} disabled={!enabled} title={enabled ? undefined : "Turn it on to send a test event"}>
        Send test event
      </ActionButton>
      <ActionButton size="sm" variant="secondary" action={setWebhookEnabledAction} input={{ ...input, enabled: !enabled }}>
        {enabled ? "Turn off" : "Turn on"}
      </ActionButton>
      <ActionButton size="sm" variant="danger" action={deleteWebhookAction} input={input} confirm={`Delete the webhook to ${url}? Its delivery log goes with it.`}>
        Delete
      </ActionButton>
    </div>
  );
}
