"use client";
import { Button } from "@/components/ui/button";
import { useAction } from "@/lib/use-action";
import { revokeInvitationAction } from "../actions/revoke-invitation";

export function RevokeInvitationButton({ workspaceSlug, invitationId }: { workspaceSlug: string; invitationId: string }) {
  const { run, pending, error } = useAction(revokeInvitationAction);
  return (
    <span className="flex items-center gap-2">
      {error ? <span className="text-xs text-red-600">{error.message}</span> : null}
      <Button size="sm" variant="ghost" disabled={pending} onClick={() => void run({ workspaceSlug, invitationId })}>
        Revoke
      </Button>
    </span>
  );
}
