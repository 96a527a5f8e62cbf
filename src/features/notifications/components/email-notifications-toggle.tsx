"use client";
import { useState } from "react";
import { useAction } from "@/lib/use-action";
import { cn } from "@/lib/cn";
import { setEmailNotificationsAction } from "../actions/set-email-notifications";
import { ErrorText } from "@/components/ui/form";

export function EmailNotificationsToggle({ workspaceSlug, enabled }: { workspaceSlug: string; enabled: boolean }) {
  const [on, setOn] = useState(enabled);
  const { run, pending, error } = useAction(setEmailNotificationsAction);
  const toggle = async () => {
    const next = !on;
    setOn(next);
    const result = await run({ workspaceSlug, enabled: next });
    if (!result.ok) setOn(!next);
  };
  return (
    <div className="space-y-2">
      <label className="flex cursor-pointer items-start justify-between gap-4">
        <span>
          <span className="block text-sm font-medium text-zinc-900">Email me when a ritual proposal is ready for review</span>
          <span className="block text-sm text-zinc-500">And the ritual reminders that follow. Each email links straight to the review page.</span>
        </span>
        <button
          type="button"
          role="switch"
          aria-checked={on}
          aria-label="Email me when a ritual proposal is ready for review"
          data-testid="email-notifications-toggle"
          disabled={pending}
          onClick={() => void toggle()}
          className={cn(
            "relative inline-flex h-6 w-11 shrink-0 items-center rounded-full transition-colors focus:outline-none focus:ring-2 focus:ring-brand-500/30 disabled:opacity-60",
            on ? "bg-brand-600" : "bg-zinc-300",
          )}
        >
          <span className={cn("inline-block h-5 w-5 rounded-full bg-white shadow-sm transition-transform", on ? "translate-x-5" : "translate-x-0.5")} />
        </button>
      </label>
      <ErrorText message={error?.message} />
    </div>
  );
}
