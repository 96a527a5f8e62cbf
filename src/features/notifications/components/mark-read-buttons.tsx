"use client";
import { ActionButton } from "@/components/ui/action-button";
import { markAllNotificationsReadAction } from "../actions/mark-all-notifications-read";
import { markNotificationsReadAction } from "../actions/mark-notifications-read";

export function MarkReadButton({ workspaceSlug, id }: { workspaceSlug: string; id: string }) {
  return (
    <ActionButton size="sm" variant="ghost" action={markNotificationsReadAction} input={{ workspaceSlug, ids: [id] }}>
      Mark read
    </ActionButton>
  );
}

export function MarkAllReadButton({ workspaceSlug, disabled }: { workspaceSlug: string; disabled?: boolean }) {
  return (
    <ActionButton size="sm" variant="secondary" disabled={disabled} action={markAllNotificationsReadAction} input={{ workspaceSlug }}>
      Mark all read
    </ActionButton>
  );
}
