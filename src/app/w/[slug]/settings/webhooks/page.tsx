import type { Metadata } from "next";
import { Badge, Card, CardHeader, PageHeader } from "@/components/ui/card";
import { SigningSecret } from "@/features/api-keys/components/copy-button";
import { CreateWebhookForm } from "@/features/webhooks/components/create-webhook-form";
import { WebhookButtons } from "@/features/webhooks/components/webhook-buttons";
import { WEBHOOK_EVENT_WORDS, WEBHOOK_MAX_ATTEMPTS, type DeliveredEvent } from "@/features/webhooks/events";
import { listWebhooks, type AttemptEntry } from "@/features/webhooks/server";
import { can } from "@/features/workspaces/permissions";
import { getPageWorkspaceContext } from "@/features/workspaces/server";
import { enumWords } from "@/lib/words";

export const metadata: Metadata = { title: "Webhooks" };

const dateTime = (d: Date) => `${d.toLocaleString("en-GB", { day: "numeric", month: "short", hour: "2-digit", minute: "2-digit", second: "2-digit", timeZone: "UTC" })} UTC`;
const eventLabel = (event: string) => WEBHOOK_EVENT_WORDS[event as DeliveredEvent]?.label ?? event;
const statusTone = { pending: "amber", delivered: "green", failed: "red" } as const;
/** A URL may carry its receiver's token (a Slack incoming webhook is nothing else): only admins see it whole. */
const shownUrl = (url: string, whole: boolean) => {
  if (whole) return url;
  try {
    return `${new URL(url).origin}/…`;
  } catch {
    return "…";
  }
};

export default async function WebhooksPage({ params }: { params: Promise<{ slug: string }> }) {
  const { slug } = await params;
  const ctx = await getPageWorkspaceContext(slug);
  const canManage = can(ctx.membership.role, "webhooks.manage");
  const webhooks = await listWebhooks(ctx.workspace.id);

  return (
    <>
      <PageHeader
        title="Webhooks"
        description="Tell your team's other systems when a proposal waits for review, a version is promoted, a probation finds harm or graduates, or a ritual fails."
      />
      <div className="space-y-6">
        {canManage ? (
          <Card>
            <CardHeader
              title="Add a webhook"
              description={`Each event is a POST, signed like Standard Webhooks (webhook-id, webhook-timestamp, webhook-signature). A failed delivery is retried up to ${WEBHOOK_MAX_ATTEMPTS} times over about 7 hours with the same webhook-id.`}
            />
            <CreateWebhookForm workspaceSlug={slug} />
          </Card>
        ) : null}

        {webhooks.length === 0 ? (
          <Card>
            <p className="px-5 py-6 text-sm text-zinc-500">{canManage ? "No webhooks yet." : "No webhooks yet. Admins and owners can add them."}</p>
          </Card>
        ) : null}

        {webhooks.map((w) => (
          <Card key={w.id}>
            <div data-testid="webhook" data-url={shownUrl(w.url, canManage)}>
              <CardHeader
                title={w.description || shownUrl(w.url, canManage)}
                description={
                  <span className="space-x-2">
                    {w.description ? <code className="break-all text-xs">{shownUrl(w.url, canManage)}</code> : null}
                    <Badge tone={w.enabled ? "green" : "zinc"}>{w.enabled ? "On" : "Off"}</Badge>
                    <Badge>{enumWords("WebhookFormat", w.format)}</Badge>
                    <span className="text-xs text-zinc-500">{w.events.map(eventLabel).join(" · ")}</span>
                  </span>
                }
                actions={canManage ? <WebhookButtons workspaceSlug={slug} webhookId={w.id} url={w.url} enabled={w.enabled} /> : null}
              />
              {canManage && w.format === "standard" ? (
                <div className="flex flex-wrap items-center gap-2 border-b border-zinc-100 px-5 py-3 text-sm">
                  <SigningSecret secret={w.secret} testId="webhook-secret" />
                </div>
              ) : null}
              <div className="px-5 py-3">
                <h3 className="mb-2 text-sm font-medium text-zinc-700">Latest deliveries</h3>
                {w.deliveries.length === 0 ? (
                  <p className="text-sm text-zinc-500">Nothing sent yet.</p>
                ) : (
                  <ul className="divide-y divide-zinc-100 text-sm" aria-label={`Deliveries to ${w.description || shownUrl(w.url, canManage)}`}>
                    {w.deliveries.map((d) => {
                      const log = (Array.isArray(d.attemptLog) ? d.attemptLog : []) as AttemptEntry[];
                      return (
                        <li key={d.id} className="flex flex-wrap items-baseline gap-x-3 gap-y-1 py-2" data-testid="webhook-delivery" data-status={d.status}>
                          <Badge tone={statusTone[d.status]}>{d.status === "pending" && d.attempts > 0 ? "Retrying" : enumWords("WebhookDeliveryStatus", d.status)}</Badge>
                          <span className="font-medium">{eventLabel(d.event)}</span>
                          <span className="text-zinc-500">{dateTime(d.createdAt)}</span>
                          <span className="text-zinc-600" data-testid="webhook-delivery-codes">
                            {log.length === 0
                              ? "not attempted yet"
                              : `${d.attempts} ${d.attempts === 1 ? "attempt" : "attempts"}: ${log.map((a) => (a.status ? String(a.status) : "no answer")).join(" → ")}`}
                          </span>
                          <code className="text-xs text-zinc-400" title="The webhook-id header of every attempt">
                            {d.id}
                          </code>
                          {d.status !== "delivered" && d.lastError ? <span className="basis-full truncate text-xs text-red-700">{d.lastError}</span> : null}
                        </li>
                      );
                    })}
                  </ul>
                )}
              </div>
            </div>
          </Card>
        ))}
      </div>
    </>
  );
}
