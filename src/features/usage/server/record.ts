import "server-only";
import { Prisma } from "@/generated/prisma/client";
import type { UsageEntry } from "@/ai/usage";
import type { Tx } from "@/server/db";

export type UsageToRecord = {
  workspaceId: string;
  /** The template the calls worked for; null for work outside one (a classification batch). */
  templateId: string | null;
  /** When the calls were made; they count on its UTC day. */
  at: Date;
  entries: UsageEntry[];
};

/**
 * Adds a piece of work's tokens to the daily ledger, in the caller's transaction (the usage lands
 * with the work or not at all). One statement whatever the number of entries. The row of a
 * (workspace, day, role, template, model) is locked until the caller commits; the wake's save
 * already locks its template's daily dashboard row the same way (its trigger), so this adds no
 * new point where concurrent wakes wait.
 */
export async function recordModelUsage(tx: Tx, usage: UsageToRecord): Promise<void> {
  const entries = usage.entries.filter((e) => e.calls > 0);
  if (entries.length === 0) return;
  const day = usage.at.toISOString().slice(0, 10);
  const rows = entries.map(
    (e) => Prisma.sql`(${usage.workspaceId}, ${day}::date, ${e.role}, ${usage.templateId ?? ""}, ${e.model}, ${e.calls}, ${e.inputTokens}::bigint, ${e.outputTokens}::bigint)`,
  );
  await tx.$executeRaw`
    INSERT INTO "ModelUsageDaily" AS u ("workspaceId", "day", "role", "templateId", "model", "calls", "inputTokens", "outputTokens")
    VALUES ${Prisma.join(rows)}
    ON CONFLICT ("workspaceId", "day", "role", "templateId", "model") DO UPDATE SET
      "calls" = u."calls" + EXCLUDED."calls",
      "inputTokens" = u."inputTokens" + EXCLUDED."inputTokens",
      "outputTokens" = u."outputTokens" + EXCLUDED."outputTokens"`;
}
