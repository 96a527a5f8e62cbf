import "server-only";
import { db } from "@/server/db";
import { forbidden, notFound } from "@/server/errors";
import { can } from "../permissions";
import { assertKeepsAnOwner } from "./owner-guard";
import type { WorkspaceContext } from "./workspace-context";

/**
 * Owners remove members; anyone may remove themselves (leave). Never the last owner.
 */
export async function removeMember(ctx: WorkspaceContext, input: { membershipId: string }) {
  const leaving = input.membershipId === ctx.membership.id;
  if (!leaving && !can(ctx.membership.role, "members.manage")) {
    throw forbidden("Only owners can remove members.");
  }
  return db.$transaction(async (tx) => {
    const target = await tx.membership.findFirst({
      where: { id: input.membershipId, workspaceId: ctx.workspace.id },
      select: { id: true, role: true },
    });
    if (!target) throw notFound("Member not found.");
    if (target.role === "owner") await assertKeepsAnOwner(tx, ctx.workspace.id, target.id);
    await tx.membership.delete({ where: { id: target.id, workspaceId: ctx.workspace.id } });
    return { membershipId: target.id, left: leaving };
  });
}
