import "server-only";
import { env } from "@/env";
import { db } from "@/server/db";
import { badRequest, conflict, notFound } from "@/server/errors";
import type { Scope } from "@/server/scope";
import { MAX_WEBHOOKS_PER_WORKSPACE, type WebhookEvent } from "../events";
import type { WebhookFormat } from "@/generated/prisma/enums";
import { webhookUrlProblem } from "./address-policy";
import { newWebhookSecret } from "./signing";

/** Private networks are fine in development and tests; production needs WEBHOOK_ALLOW_PRIVATE_NETWORKS. */
export const allowPrivateWebhookTargets = () => env.NODE_ENV !== "production" || env.WEBHOOK_ALLOW_PRIVATE_NETWORKS;

export async function createWebhook({ scope, url, description, events, format }: { scope: Scope; url: string; description: string; events: WebhookEvent[]; format: WebhookFormat }) {
  const problem = webhookUrlProblem(url, { allowPrivate: allowPrivateWebhookTargets() });
  if (problem) throw badRequest(problem, { url: [problem] });
  return db.$transaction(async (t) => {
    // The workspace row serialises concurrent creates, so the cap holds.
    await t.$queryRaw`SELECT id FROM "Workspace" WHERE id = ${scope.workspaceId} FOR UPDATE`;
    const count = await t.webhookEndpoint.count({ where: { workspaceId: scope.workspaceId } });
    if (count >= MAX_WEBHOOKS_PER_WORKSPACE) throw conflict(`A workspace has at most ${MAX_WEBHOOKS_PER_WORKSPACE} webhooks: delete one first.`);
    return t.webhookEndpoint.create({
      data: { workspaceId: scope.workspaceId, url, description, events, format, secret: newWebhookSecret(), createdById: scope.actorUserId },
      select: { id: true, url: true },
    });
  });
}

export async function deleteWebhook({ scope, webhookId }: { scope: Scope; webhookId: string }) {
  const { count } = await db.webhookEndpoint.deleteMany({ where: { id: webhookId, workspaceId: scope.workspaceId } });
  if (count === 0) throw notFound("Webhook not found.");
}

export async function setWebhookEnabled({ scope, webhookId, enabled }: { scope: Scope; webhookId: string; enabled: boolean }) {
  const { count } = await db.webhookEndpoint.updateMany({ where: { id: webhookId, workspaceId: scope.workspaceId }, data: { enabled } });
  if (count === 0) throw notFound("Webhook not found.");
}

/** The settings page: every endpoint with its latest deliveries (newest first). */
export async function listWebhooks(workspaceId: string, { deliveries = 10 }: { deliveries?: number } = {}) {
  return db.webhookEndpoint.findMany({
    where: { workspaceId },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    select: {
      id: true, url: true, description: true, events: true, format: true, secret: true, enabled: true, createdAt: true,
      createdBy: { select: { name: true, email: true } },
      deliveries: {
        orderBy: [{ createdAt: "desc" }, { id: "desc" }],
        take: deliveries,
        select: { id: true, event: true, status: true, attempts: true, lastStatusCode: true, lastError: true, lastAttemptAt: true, deliveredAt: true, createdAt: true, attemptLog: true },
      },
    },
  });
}
