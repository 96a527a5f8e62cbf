import "server-only";
import { env } from "@/env";
import type { Prisma } from "@/generated/prisma/client";
import { webhookDeliveryRequested } from "@/inngest/events";
import { deliverOutbox, stageEvent } from "@/inngest/outbox";
import { db, type Tx } from "@/server/db";
import { errorFields, logger } from "@/server/logger";
import type { DeliveredEvent } from "../events";
import { webhookPayload } from "./payload";

export type WebhookDescription = { summary: string; link: string; data?: Record<string, unknown> };

export type WebhookEventInput = {
  workspaceId: string;
  event: DeliveredEvent;
  /** Same key → one delivery per endpoint (a retried job, a restarted ritual): unique (endpointId, dedupeKey). */
  dedupeKey: string;
  /**
   * What happened, asked only when some endpoint receives the event (most workspaces have none:
   * then nothing more is read): a one-sentence summary, the path of the page about it inside the
   * app (`/w/<slug>/…`, made absolute with APP_URL) and the event's own fields.
   */
  describe: (workspace: { slug: string; name: string }) => Promise<WebhookDescription> | WebhookDescription;
  /** Only these endpoints, whatever they subscribe to ("Send test event"); otherwise every enabled endpoint subscribed to `event`. */
  endpointIds?: string[];
  at?: Date;
};

/**
 * Writes one delivery per enabled endpoint of the workspace that receives this event, and stages
 * each delivery's job, in the caller's transaction: a version promoted and its webhook are one
 * commit. Returns the outbox ids to deliver after the commit (the relay delivers them otherwise).
 */
export async function stageWebhookEvent(t: Tx, input: WebhookEventInput): Promise<string[]> {
  const endpoints = await t.webhookEndpoint.findMany({
    where: { workspaceId: input.workspaceId, enabled: true, ...(input.endpointIds ? { id: { in: input.endpointIds } } : { events: { has: input.event } }) },
    select: { id: true, format: true },
  });
  if (endpoints.length === 0) return [];
  const workspace = await t.workspace.findUniqueOrThrow({ where: { id: input.workspaceId }, select: { slug: true, name: true } });
  const { summary, link, data = {} } = await input.describe(workspace);
  const occurrence = { event: input.event, summary, url: new URL(link, env.APP_URL).toString(), workspace, data, at: input.at ?? new Date() };
  const created = await t.webhookDelivery.createManyAndReturn({
    data: endpoints.map((e) => ({
      workspaceId: input.workspaceId,
      endpointId: e.id,
      event: input.event,
      dedupeKey: input.dedupeKey,
      payload: webhookPayload(e.format, occurrence) as Prisma.InputJsonValue,
    })),
    skipDuplicates: true,
    select: { id: true, endpointId: true },
  });
  const ids: string[] = [];
  for (const d of created) {
    ids.push(await stageEvent(t, { name: webhookDeliveryRequested.name, data: { workspaceId: input.workspaceId, endpointId: d.endpointId, deliveryId: d.id } }, { id: `webhook-${d.id}` }));
  }
  return ids;
}

/**
 * The same outside a transaction, delivered at once: what the ritual and probation code call beside
 * their notifications. Never throws — a webhook that could not be queued is logged, and the change
 * that caused it stands.
 */
export async function emitWebhookEvent(input: WebhookEventInput): Promise<number> {
  try {
    const ids = await db.$transaction((t) => stageWebhookEvent(t, input));
    if (ids.length) await deliverOutbox({ ids });
    return ids.length;
  } catch (e) {
    logger.error("webhooks: could not queue an event", { event: input.event, workspaceId: input.workspaceId, ...errorFields(e) });
    return 0;
  }
}
