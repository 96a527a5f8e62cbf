import "server-only";
import { db } from "@/server/db";
import { conflict, notFound } from "@/server/errors";
import type { Scope } from "@/server/scope";
import { WEBHOOK_TEST_EVENT } from "../events";
import { emitWebhookEvent } from "./enqueue";

/** "Send test event": one delivery of `webhook.test` to this endpoint, whatever events it receives (it must be on). */
export async function sendTestWebhook({ scope, webhookId }: { scope: Scope; webhookId: string }) {
  const endpoint = await db.webhookEndpoint.findFirst({ where: { id: webhookId, workspaceId: scope.workspaceId }, select: { id: true, enabled: true } });
  if (!endpoint) throw notFound("Webhook not found.");
  if (!endpoint.enabled) throw conflict("This webhook is turned off: turn it on to send a test event.");
  const at = new Date();
  const queued = await emitWebhookEvent({
    workspaceId: scope.workspaceId,
    event: WEBHOOK_TEST_EVENT,
    dedupeKey: `test:${at.toISOString()}:${scope.actorUserId}`,
    describe: (workspace) => ({ summary: `A test event from Agent Coach: this endpoint receives the events of ${workspace.name}.`, link: `/w/${workspace.slug}/settings/webhooks` }),
    endpointIds: [endpoint.id],
    at,
  });
  return { queued: queued > 0 };
}
