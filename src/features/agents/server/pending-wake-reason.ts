import "server-only";
import { Prisma } from "@/generated/prisma/client";
import type { WakeReason } from "@/generated/prisma/enums";
import { db, type Tx } from "@/server/db";
import { COALESCING_WAKE_REASONS, higherWakeReason } from "../wake-reasons";

// Which reason a coalesced wake records. Neither Inngest's debounce nor the local executor (which
// follows it) can choose among the events of a burst: the run gets the last one. So the reason is
// kept where both drivers see it — AgentState.pendingWakeReason, raised by every trigger in its
// writing transaction and taken (read and cleared) by the run that starts — and the run records
// the most important one (wake-reasons.ts). A trigger after the take starts a new burst.

const rank = (column: Prisma.Sql) => Prisma.sql`array_position(ARRAY[${Prisma.join(COALESCING_WAKE_REASONS)}]::"WakeReason"[], ${column})`;

/** A wake trigger for `agentId` (in the trigger's transaction): its reason joins the pending burst's. */
export async function notePendingWakeReason(t: Tx, agentId: string, reason: WakeReason) {
  if (reason === "manual") return; // a run of its own, never part of a burst
  await t.$executeRaw`
    UPDATE "AgentState" SET "pendingWakeReason" = ${reason}::"WakeReason"
    WHERE "agentId" = ${agentId} AND ("pendingWakeReason" IS NULL OR ${rank(Prisma.sql`"pendingWakeReason"`)} < ${rank(Prisma.sql`${reason}::"WakeReason"`)})`;
}

/**
 * The reason a starting run records: the most important of its event's and the pending burst's,
 * whose mark is cleared in the same statement (so the next trigger starts a new burst).
 */
export async function takeWakeReason({ workspaceId, agentId, reason }: { workspaceId: string; agentId: string; reason: WakeReason }): Promise<WakeReason> {
  if (reason === "manual") return reason;
  const rows = await db.$queryRaw<{ pending: WakeReason | null }[]>`
    UPDATE "AgentState" s SET "pendingWakeReason" = NULL
    FROM (SELECT "agentId", "pendingWakeReason" FROM "AgentState" WHERE "agentId" = ${agentId} AND "workspaceId" = ${workspaceId} FOR UPDATE) old
    WHERE s."agentId" = old."agentId"
    RETURNING old."pendingWakeReason"::text AS "pending"`;
  return higherWakeReason(reason, rows[0]?.pending);
}
