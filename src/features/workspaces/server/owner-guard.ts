import "server-only";
import type { Tx } from "@/server/db";
import { conflict } from "@/server/errors";

/**
 * Refuses a change that would leave the workspace without an owner. Locks the owner rows
 * (FOR UPDATE) so that two owners demoting or removing each other at once cannot both pass.
 */
export async function assertKeepsAnOwner(tx: Tx, workspaceId: string, losingMembershipId: string) {
  const owners = await tx.$queryRaw<{ id: string }[]>`
    SELECT "id" FROM "Membership" WHERE "workspaceId" = ${workspaceId} AND "role" = 'owner' FOR UPDATE`;
  if (owners.some((o) => o.id === losingMembershipId) && owners.length <= 1) {
    throw conflict("A workspace needs at least one owner. Make someone else owner first.");
  }
}
