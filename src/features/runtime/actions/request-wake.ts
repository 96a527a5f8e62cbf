"use server";
import { z } from "zod";
import { requestAgentWake } from "@/inngest/send";
import { IdSchema } from "@/features/workspaces/schemas";
import { db } from "@/server/db";
import { workspaceAction } from "@/features/workspaces/server";
import { notFound } from "@/server/errors";

/** "Run now": a manual wake (bypasses the 120 s throttle, never the one-at-a-time rule). */
export const requestWakeAction = workspaceAction({ input: z.object({ agentId: IdSchema }), permission: "agents.write" }, async ({ agentId }, ctx) => {
  const agent = await db.agent.findFirst({ where: { id: agentId, workspaceId: ctx.workspace.id }, select: { id: true } });
  if (!agent) throw notFound("Agent not found.");
  await requestAgentWake({ workspaceId: ctx.workspace.id, agentId: agent.id, reason: "manual" });
  return { queued: true };
});
