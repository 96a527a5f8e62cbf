"use client";
import { Button } from "@/components/ui/button";
import { useAction } from "@/lib/use-action";
import { markAllNotificationsRead } from "../actions/mark-all-notifications-read";
import { markNotificationsRead } from "../actions/mark-notifications-read";

export function MarkReadButton({ workspaceSlug, id }: { workspaceSlug: string; id: string }) {
  const { run, pending, error } = useAction(markNotificationsRead);
  return (
    <span className="flex items-center gap-2">
      {error ? <span className="text-xs text-red-600">{error.message}</span> : null}
      <Button size="sm" variant="ghost" disabled={pending} onClick={() => void run({ workspaceSlug, ids: [id] })}>
        Mark read
      </Button>
    </span>
  );
}

export function MarkAllReadButton({ workspaceSlug, disabled }: { workspaceSlug: string; disabled?: boolean }) {
  const { run, pending, error } = useAction(markAllNotificationsRead);
  return (
    <span className="flex items-center gap-2">
      {error ? <span className="text-xs text-red-600">{error.message}</span> : null}
      <Button size="sm" variant="secondary" disabled={disabled || pending} onClick={() => void run({ workspaceSlug })}>
        Mark all read
      </Button>
    </span>
  );
}
