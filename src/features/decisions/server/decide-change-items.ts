import "server-only";
import { randomBytes } from "node:crypto";
import type { Prisma, Verdict } from "@/generated/prisma/client";
import { changeItemSubject, resolveNotifications } from "@/features/notifications/server";
import { updateTask } from "@/features/tasks/server";
import type { ChecklistItem } from "@/features/tasks/schemas";
import { feedbackWritten } from "@/inngest/events";
import { deliverOutbox, stageEvent } from "@/inngest/outbox";
import { db, type Tx } from "@/server/db";
import { conflict, notFound } from "@/server/errors";
import type { Scope } from "@/server/scope";
import { TaskToolArgs } from "../schemas";

type Item = { id: string; tool: string; args: Prisma.JsonValue; status: string; agentId: string; templateId: string; changeSet: { taskId: string | null } };

/** Applies a confirmed task proposal to its task (unknown tools are recorded, not applied). */
async function applyToTask(tx: Tx, scope: Scope, item: Item) {
  const taskId = item.changeSet.taskId;
  if (!taskId) return false;
  switch (item.tool) {
    case "propose_status": {
      const args = TaskToolArgs.propose_status.safeParse(item.args);
      if (!args.success) return false;
      await updateTask({ scope, taskId, patch: { status: args.data.status } }, tx);
      return true;
    }
    case "propose_estimate": {
      const args = TaskToolArgs.propose_estimate.safeParse(item.args);
      if (!args.success) return false;
      await updateTask({ scope, taskId, patch: { estimateMinutes: args.data.minutes } }, tx);
      return true;
    }
    case "propose_checklist_items": {
      const args = TaskToolArgs.propose_checklist_items.safeParse(item.args);
      if (!args.success) return false;
      const task = await tx.task.findFirstOrThrow({ where: { id: taskId, workspaceId: scope.workspaceId }, select: { checklist: true } });
      const current = (Array.isArray(task.checklist) ? task.checklist : []) as ChecklistItem[];
      const added = args.data.items.map((text) => ({ id: randomBytes(6).toString("hex"), text, done: false }));
      await updateTask({ scope, taskId, patch: { checklist: [...current, ...added] } }, tx);
      return true;
    }
    default:
      return false;
  }
}

/**
 * Decides change items one by one or in bulk, all in one transaction: records a ChangeDecision
 * per item (who, when, verdict, reason) in ONE statement with one `batchId` — so a reason given
 * once is one piece of written feedback, classified and counted once (the insert trigger gives
 * the batch one marker per template) —, moves the items' status, and applies confirmed task
 * proposals to the task. Items already confirmed or rejected are refused (409); deferred items
 * can be decided again later (deferring one again is a no-op). A reason asks the classifier to label it soon (outbox, after the commit).
 * `now` is when the decision is made (the lab's simulated clock; people and the API: the real one).
 */
export async function decideChangeItems({ scope, itemIds, verdict, reason, now = new Date() }: { scope: Scope; itemIds: string[]; verdict: Verdict; reason?: string; now?: Date }) {
  const ids = [...new Set(itemIds)];
  const written = reason?.trim() || null;
  const result = await db.$transaction(async (tx) => {
    const items = await tx.$queryRaw<{ id: string }[]>`
      SELECT "id" FROM "ChangeItem" WHERE "workspaceId" = ${scope.workspaceId} AND "id" = ANY(${ids}) FOR UPDATE`;
    if (items.length !== ids.length) throw notFound(ids.length === 1 ? "Change item not found." : "Some change items were not found.");
    const found: Item[] = await tx.changeItem.findMany({
      where: { id: { in: ids }, workspaceId: scope.workspaceId },
      select: { id: true, tool: true, args: true, status: true, agentId: true, templateId: true, changeSet: { select: { taskId: true } } },
    });
    const closed = found.filter((r) => r.status === "confirmed" || r.status === "rejected");
    if (closed.length) throw conflict(`${closed.length === 1 ? "This item was" : `${closed.length} items were`} already decided.`);
    // Deferring an item that is already deferred changes nothing (a second click, another tab):
    // no second decision, so the improver does not count one hesitation twice.
    const rows = verdict === "deferred" ? found.filter((r) => r.status !== "deferred") : found;
    if (rows.length === 0) return { decided: 0, applied: 0, verdict, eventIds: [] as string[] };
    const batchId = randomBytes(12).toString("hex");
    await tx.changeDecision.createMany({
      data: rows.map((item) => ({
        workspaceId: scope.workspaceId,
        changeItemId: item.id,
        agentId: item.agentId,
        templateId: item.templateId,
        tool: item.tool,
        verdict,
        reason: written,
        batchId,
        decidedById: scope.actorUserId,
        decidedAt: now,
      })),
    });
    let applied = 0;
    for (const item of rows) {
      await tx.changeItem.update({ where: { id: item.id, workspaceId: scope.workspaceId }, data: { status: verdict, decidedAt: now } });
      if (verdict === "confirmed" && (await applyToTask(tx, scope, item))) applied++;
    }
    // A notification that asked for one of these decisions now says how it was settled.
    if (verdict !== "deferred") {
      await resolveNotifications(tx, { workspaceId: scope.workspaceId, subjects: rows.map((r) => changeItemSubject(r.id)), resolution: verdict, resolvedById: scope.actorUserId, at: now });
    }
    const eventIds = written ? [await stageEvent(tx, { name: feedbackWritten.name, data: { workspaceId: scope.workspaceId } })] : [];
    return { decided: rows.length, applied, verdict, eventIds };
  });
  const { eventIds, ...decided } = result;
  if (eventIds.length) await deliverOutbox({ ids: eventIds });
  return decided;
}
