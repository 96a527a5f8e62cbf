"use client";
import { ActionButton } from "@/components/ui/action-button";
import { revokeInvitationAction } from "../actions/revoke-invitation";

export function RevokeInvitationButton({ workspaceSlug, invitationId }: { workspaceSlug: string; invitationId: string }) {
  return (
    <ActionButton size="sm" variant="ghost" action={revokeInvitationAction} input={{ workspaceSlug, invitationId }}>
      Revoke
    </ActionButton>
  );
}
