import "server-only";
import { OPEN_PROBATION_SELECT, OPEN_STATUSES, versionOfArm } from "@/features/probation/server";
import { db } from "@/server/db";
import { notFound } from "@/server/errors";

/**
 * The directives one agent must run now: its template's head, or — while a probation of the head
 * runs and the agent is in its baseline arm — the version the head replaced (the same choice as the
 * product's own wakes, `versionForWake`). For agents that run outside the product (the REST API):
 * without it, an external agent would always run the head and probation could not measure a change.
 * `templateId`: the agent must be on this template (else not found). One read: agents poll it.
 */
export async function getAgentDirectives({ workspaceId, agentId, templateId }: { workspaceId: string; agentId: string; templateId?: string }) {
  const agent = await db.agent.findFirst({
    where: { id: agentId, workspaceId, ...(templateId ? { templateId } : {}) },
    select: {
      id: true,
      templateId: true,
      template: {
        select: {
          head: { select: { id: true, number: true, directives: true, probations: { where: { workspaceId, status: { in: [...OPEN_STATUSES] } }, take: 1, select: OPEN_PROBATION_SELECT } } },
        },
      },
    },
  });
  const head = agent?.template.head;
  if (!agent || !head) throw notFound("Agent not found.");
  const { version, probationId, arm } = versionOfArm(head, head.probations[0] ?? null, agent.id);
  return {
    agentId: agent.id,
    templateId: agent.templateId,
    versionId: version.id,
    version: version.number,
    directives: version.directives,
    probation: probationId && arm ? { id: probationId, arm, headVersion: head.number } : null,
  };
}
