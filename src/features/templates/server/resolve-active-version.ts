import "server-only";
import { db, type Tx } from "@/server/db";
import { notFound } from "@/server/errors";

/**
 * The version an instance runs on: always read through the head pointer, so new
 * and existing instances pick up a new head at their next run without any migration.
 */
export async function resolveActiveVersion({ workspaceId, templateId }: { workspaceId: string; templateId: string }, tx: Tx = db) {
  const template = await tx.agentTemplate.findFirst({
    where: { id: templateId, workspaceId },
    select: { head: { select: { id: true, number: true, directives: true, createdAt: true } } },
  });
  if (!template?.head) throw notFound("Template not found.");
  return template.head;
}
