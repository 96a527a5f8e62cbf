import "server-only";
import { requestAgentWake } from "@/inngest/send";
import { db } from "@/server/db";
import { conflict, notFound } from "@/server/errors";
import type { Scope } from "@/server/scope";

/** "Run now": a manual wake of one of the workspace's agents (bypasses the 120 s throttle, never the one-at-a-time rule). */
export async function requestManualWake({ scope, agentId }: { scope: Scope; agentId: string }) {
  const agent = await db.agent.findFirst({ where: { id: agentId, workspaceId: scope.workspaceId }, select: { id: true, template: { select: { runsExternally: true } } } });
  if (!agent) throw notFound("Agent not found.");
  if (agent.template.runsExternally) throw conflict("This agent runs in your own code: Agent Coach does not wake it. Run it where it lives; its runs arrive through the API.");
  await requestAgentWake({ workspaceId: scope.workspaceId, agentId: agent.id, reason: "manual" });
  return { queued: true };
}
