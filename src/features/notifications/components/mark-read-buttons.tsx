"use client";
import { Button } from "@/components/ui/button";
import { useAction } from "@/lib/use-action";
import { markAllNotificationsReadAction } from "../actions/mark-all-notifications-read";
import { markNotificationsReadAction } from "../actions/mark-notifications-read";

export function MarkReadButton({ workspaceSlug, id }: { workspaceSlug: string; id: string }) {
  const { run, pending, error } = useAction(markNotificationsReadAction);
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
  const { run, pending, error } = useAction(markAllNotificationsReadAction);
  return (
    <span className="flex items-center gap-2">
      {error ? <span className="text-xs text-red-600">{error.message}</span> : null}
      <Button size="sm" variant="secondary" disabled={disabled || pending} onClick={() => void run({ workspaceSlug })}>
        Mark all read
      </Button>
    </span>
  );
}
