import "server-only";
import { db } from "@/server/db";
import { badRequest, conflict, notFound } from "@/server/errors";
import type { Scope } from "@/server/scope";
import { rulingText, type Ruling } from "../conflicts";

export type SettleInput = { scope: Scope; conflictId: string; ruling: Ruling | "dismiss"; text?: string };

/**
 * The team settles an open preference conflict — a rule ("confirm these" / "reject these", with
 * optional words) or its own preference in words — which the improver reads from then on; or
 * dismisses it (not a real disagreement: nothing goes to the improver). One conditional update:
 * of two people settling at once, the second gets a 409.
 */
export async function settlePreferenceConflict({ scope, conflictId, ruling, text }: SettleInput) {
  const found = await db.preferenceConflict.findFirst({ where: { id: conflictId, workspaceId: scope.workspaceId }, select: { id: true, tool: true, status: true } });
  if (!found) throw notFound("Conflict not found.");
  if (ruling === "custom" && (text?.trim().length ?? 0) < 3) throw badRequest("Write the team's preference.", { text: ["Write the team's preference."] });
  const closed = { settledById: scope.actorUserId, settledAt: new Date() };
  const data =
    ruling === "dismiss"
      ? { ...closed, status: "dismissed" as const, ruling: null, decision: text?.trim() || null }
      : { ...closed, status: "settled" as const, ruling, decision: rulingText(found.tool, ruling, text ?? null) };
  const { count } = await db.preferenceConflict.updateMany({ where: { id: found.id, workspaceId: scope.workspaceId, status: "open" }, data });
  if (count === 0) throw conflict("This conflict was already settled or dismissed.");
  return { id: found.id, status: data.status, decision: data.decision };
}
