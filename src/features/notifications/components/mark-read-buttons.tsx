"use client";
import { ActionButton } from "@/components/ui/action-button";
import { markAllNotificationsRead } from "../actions/mark-all-notifications-read";
import { markNotificationsRead } from "../actions/mark-notifications-read";

export function MarkReadButton({ workspaceSlug, id }: { workspaceSlug: string; id: string }) {
  return (
    <ActionButton size="sm" variant="ghost" action={markNotificationsRead} input={{ workspaceSlug, ids: [id] }}>
      Mark read
    </ActionButton>
  );
}

export function MarkAllReadButton({ workspaceSlug, disabled }: { workspaceSlug: string; disabled?: boolean }) {
  return (
    <ActionButton size="sm" variant="secondary" disabled={disabled} action={markAllNotificationsRead} input={{ workspaceSlug }}>
      Mark all read
    </ActionButton>
  );
}
