import "server-only";
import type { Prisma } from "@/generated/prisma/client";
import type { Tx } from "@/server/db";

/**
 * Creates the template's next session (interactive or ritual), under the caller's template lock:
 * number n+1, and the feedback window starting where the last completed session acknowledged.
 */
export async function createSessionInTx(
  t: Tx,
  data: { workspaceId: string; templateId: string } & Pick<Prisma.EvolutionSessionUncheckedCreateInput, "origin" | "status" | "startedById" | "improverAgentId">,
) {
  const [last, acknowledged] = await Promise.all([
    t.evolutionSession.aggregate({ where: { templateId: data.templateId }, _max: { sessionNumber: true } }),
    t.evolutionSession.findFirst({
      where: { workspaceId: data.workspaceId, templateId: data.templateId, status: "completed", lastAcknowledgedCounter: { not: null } },
      orderBy: { sessionNumber: "desc" },
      select: { lastAcknowledgedCounter: true },
    }),
  ]);
  const since = acknowledged?.lastAcknowledgedCounter ?? 0n;
  return t.evolutionSession.create({ data: { ...data, sessionNumber: (last._max.sessionNumber ?? 0) + 1, sinceCounter: since, coveredUntilCounter: since } });
}
