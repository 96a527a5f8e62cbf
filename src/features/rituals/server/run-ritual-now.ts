import "server-only";
import { findOpenSession } from "@/features/one-on-one/server";
import { requestRitual } from "@/inngest/send";
import { db } from "@/server/db";
import { conflict } from "@/server/errors";
import type { Scope } from "@/server/scope";
import { ensureImproverFor } from "./improvers";

/**
 * "Run ritual now", the write part: the template's improver (created if missing; a level-2
 * template is refused by the depth policy). An open ritual is returned instead of a second one;
 * an open one-on-one or a paused improver is a conflict (beginRitual would only postpone).
 */
async function prepareRitualRun({ scope, templateId }: { scope: Scope; templateId: string }) {
  const { workspaceId } = scope;
  const { improver, open } = await db.$transaction(async (t) => {
    const improver = await ensureImproverFor(t, scope, templateId);
    const open = await findOpenSession(t, workspaceId, templateId);
    return { improver, open };
  });
  if (open?.origin === "ritual") return { start: false as const, sessionId: open.id, improverAgentId: improver.id };
  if (open) throw conflict(`One-on-one #${open.sessionNumber} is open on this template: finish or abandon it before running the ritual.`);
  if (improver.lifecycle !== "active") throw conflict("The improver is paused: resume it before running the ritual.");
  return { start: true as const, improverAgentId: improver.id };
}

/** "Run ritual now": a manual ritual wake for the template's improver, sent after the write commits. */
export async function runRitualNow({ scope, templateId }: { scope: Scope; templateId: string }) {
  const prepared = await prepareRitualRun({ scope, templateId });
  if (!prepared.start) return { started: false as const, sessionId: prepared.sessionId };
  await requestRitual({ workspaceId: scope.workspaceId, improverAgentId: prepared.improverAgentId, reason: "manual", templateId });
  return { started: true as const, improverAgentId: prepared.improverAgentId };
}
