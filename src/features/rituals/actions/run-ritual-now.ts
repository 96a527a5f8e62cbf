"use server";
import { revalidatePath } from "next/cache";
import { OPEN_STATUSES } from "@/features/one-on-one/status";
import { requestRitual } from "@/jobs/send";
import { workspaceAction } from "@/server/action-client";
import { db } from "@/server/db";
import { conflict } from "@/server/errors";
import { scopeOf } from "@/server/scope";
import { RunRitualNowInput } from "../schemas";
import { ensureImproverFor } from "../server/improvers";

/**
 * "Run ritual now": the template's improver (created if missing; a level-2 template is refused by
 * the depth policy) gets a manual ritual wake, sent after the transaction commits. An open ritual
 * is returned instead of a second one; an open one-on-one or a paused improver is a conflict.
 */
export const runRitualNow = workspaceAction({ input: RunRitualNowInput, permission: "rituals.run" }, async ({ templateId }, ctx) => {
  const workspaceId = ctx.workspace.id;
  const { improver, open } = await db.$transaction(async (t) => {
    const improver = await ensureImproverFor(t, scopeOf(ctx), templateId);
    const open = await t.evolutionSession.findFirst({
      where: { workspaceId, templateId, status: { in: [...OPEN_STATUSES] } },
      orderBy: { sessionNumber: "desc" },
      select: { id: true, origin: true, sessionNumber: true },
    });
    return { improver, open };
  });
  if (open?.origin === "ritual") return { started: false as const, sessionId: open.id };
  if (open) throw conflict(`One-on-one #${open.sessionNumber} is open on this template: finish or abandon it before running the ritual.`);
  if (improver.lifecycle !== "active") throw conflict("The improver is paused: resume it before running the ritual.");
  await requestRitual({ workspaceId, improverAgentId: improver.id, reason: "manual" });
  revalidatePath(`/w/${ctx.workspace.slug}/templates/${templateId}`);
  return { started: true as const, improverAgentId: improver.id };
});
