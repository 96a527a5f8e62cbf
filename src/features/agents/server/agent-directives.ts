import "server-only";
import { versionForWake } from "@/features/probation/server";
import { resolveActiveVersion } from "@/features/templates/server";
import { db } from "@/server/db";
import { notFound } from "@/server/errors";

/**
 * The directives one agent must run now: its template's head, or — while a probation of the head
 * runs and the agent is in its baseline arm — the version the head replaced (the same choice as the
 * product's own wakes, `versionForWake`). For agents that run outside the product (the REST API):
 * without it, an external agent would always run the head and probation could not measure a change.
 * `templateId`: the agent must be on this template (else not found).
 */
export async function getAgentDirectives({ workspaceId, agentId, templateId }: { workspaceId: string; agentId: string; templateId?: string }) {
  const agent = await db.agent.findFirst({ where: { id: agentId, workspaceId, ...(templateId ? { templateId } : {}) }, select: { id: true, templateId: true } });
  if (!agent) throw notFound("Agent not found.");
  const head = await resolveActiveVersion({ workspaceId, templateId: agent.templateId });
  const { version, probationId, arm } = await versionForWake(db, { workspaceId, templateId: agent.templateId, agentId: agent.id, head });
  return {
    agentId: agent.id,
    templateId: agent.templateId,
    versionId: version.id,
    version: version.number,
    directives: version.directives,
    probation: probationId && arm ? { id: probationId, arm, headVersion: head.number } : null,
  };
}
