"use client";
import { ActionButton } from "@/components/ui/action-button";
import { revokeApiKeyAction } from "../actions/revoke-api-key";

export function RevokeApiKeyButton({ workspaceSlug, apiKeyId, name }: { workspaceSlug: string; apiKeyId: string; name: string }) {
  return (
    <ActionButton
      size="sm"
      variant="danger"
      className="flex items-center justify-end gap-2"
      action={revokeApiKeyAction}
      input={{ workspaceSlug, apiKeyId }}
      // Revocation is final and breaks every integration using the key at once.
      confirm={`Revoke “${name}”? Requests with this key will be refused from now on. This cannot be undone.`}
    >
      Revoke
    </ActionButton>
  );
}
