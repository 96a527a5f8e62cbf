import "server-only";
import { db } from "@/server/db";
import { notFound } from "@/server/errors";
import type { Role } from "../permissions";
import { assertKeepsAnOwner } from "./owner-guard";
import type { WorkspaceContext } from "./workspace-context";

/** Owners change roles; the last owner cannot be demoted. */
export async function changeMemberRole(ctx: WorkspaceContext, input: { membershipId: string; role: Role }) {
  return db.$transaction(async (tx) => {
    const target = await tx.membership.findFirst({
      where: { id: input.membershipId, workspaceId: ctx.workspace.id },
      select: { id: true, role: true },
    });
    if (!target) throw notFound("Member not found.");
    if (target.role === input.role) return { membershipId: target.id, role: target.role };
    if (target.role === "owner") await assertKeepsAnOwner(tx, ctx.workspace.id, target.id);
    const updated = await tx.membership.update({
      where: { id: target.id, workspaceId: ctx.workspace.id },
      data: { role: input.role },
      select: { id: true, role: true },
    });
    return { membershipId: updated.id, role: updated.role };
  });
}
