import "server-only";
import type { ReplayGuardMode } from "@/generated/prisma/enums";
import { db } from "@/server/db";
import type { Scope } from "@/server/scope";

/** The workspace's replay check: advisory (shown on every proposal) or a guard (blocks approval that would lose acceptances). */
export async function updateReplayGuard({ scope, mode }: { scope: Scope; mode: ReplayGuardMode }) {
  await db.workspace.update({ where: { id: scope.workspaceId }, data: { replayGuard: mode } });
  return { mode };
}
