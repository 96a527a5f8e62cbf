"use client";
import { Button } from "@/components/ui/button";
import { useAction } from "@/lib/use-action";
import { revokeApiKeyAction } from "../actions/revoke-api-key";

export function RevokeApiKeyButton({ workspaceSlug, apiKeyId, name }: { workspaceSlug: string; apiKeyId: string; name: string }) {
  const { run, pending, error } = useAction(revokeApiKeyAction);
  return (
    <span className="flex items-center justify-end gap-2">
      {error ? (
        <span role="alert" className="text-xs text-red-600">
          {error.message}
        </span>
      ) : null}
      <Button
        size="sm"
        variant="danger"
        disabled={pending}
        onClick={() => {
          // Revocation is final and breaks every integration using the key at once.
          if (!window.confirm(`Revoke “${name}”? Requests with this key will be refused from now on. This cannot be undone.`)) return;
          void run({ workspaceSlug, apiKeyId });
        }}
      >
        Revoke
      </Button>
    </span>
  );
}
