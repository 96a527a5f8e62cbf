import { z } from "zod";
import { atMostMessage, TEXT_LIMITS } from "@/lib/text-limits";
import { isSingleLine, SINGLE_LINE_MESSAGE } from "@/lib/input-rules";
import { Role } from "@/generated/prisma/enums";

export const RoleSchema = z.enum(Role, { error: "Choose a role: owner, admin, member or viewer." });
export const EmailSchema = z
  .string({ error: "Enter an email address." })
  .trim()
  .toLowerCase()
  .pipe(z.email({ error: "Enter a valid email address." }).max(TEXT_LIMITS.email, { error: atMostMessage(TEXT_LIMITS.email) }));
export const WorkspaceSlugSchema = z
  .string({ error: "A workspace is required." })
  .regex(/^[a-z0-9](?:[a-z0-9-]{0,46}[a-z0-9])?$/, { error: "Not a valid workspace." });
export const IdSchema = z.string().min(1).max(64);

export const CreateWorkspaceInput = z.object({
  name: z.string().trim().min(2, { error: "Use at least 2 characters." }).max(TEXT_LIMITS.workspaceName, { error: atMostMessage(TEXT_LIMITS.workspaceName) }).refine(isSingleLine, SINGLE_LINE_MESSAGE),
});
export const InviteMemberInput = z.object({ email: EmailSchema, role: RoleSchema });
export const ChangeMemberRoleInput = z.object({ membershipId: IdSchema, role: RoleSchema });
export const RemoveMemberInput = z.object({ membershipId: IdSchema });
export const RevokeInvitationInput = z.object({ invitationId: IdSchema });
export const AcceptInvitationInput = z.object({
  token: z.string().regex(/^[A-Za-z0-9_-]{20,100}$/, { error: "This invitation link is invalid." }),
});
