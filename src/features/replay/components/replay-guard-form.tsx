"use client";
import { useState } from "react";
import { ErrorText } from "@/components/ui/form";
import { Button } from "@/components/ui/button";
import { useAction } from "@/lib/use-action";
import { updateReplayGuardAction } from "../actions/update-replay-guard";

const OPTIONS = [
  { mode: "advisory", label: "Advisory", help: "Every proposal shows its replay check; people decide." },
  { mode: "guard", label: "Guard", help: "Approval is blocked, unless someone gives a reason, while the check runs, when it failed, or when it keeps fewer than 90% of last week's acceptances." },
] as const;

export function ReplayGuardForm({ workspaceSlug, initial, canEdit }: { workspaceSlug: string; initial: "advisory" | "guard"; canEdit: boolean }) {
  const [mode, setMode] = useState(initial);
  const [saved, setSaved] = useState(initial);
  const { run, pending, error } = useAction(updateReplayGuardAction);
  return (
    <fieldset className="space-y-3" disabled={!canEdit || pending}>
      <legend className="sr-only">Replay check mode</legend>
      {OPTIONS.map((o) => (
        <label key={o.mode} className="flex items-start gap-2 text-sm">
          <input type="radio" name="replay-guard" value={o.mode} checked={mode === o.mode} onChange={() => setMode(o.mode)} className="mt-1" />
          <span>
            <span className="font-medium text-zinc-900">{o.label}</span>
            <span className="block text-zinc-500">{o.help}</span>
          </span>
        </label>
      ))}
      {canEdit ? (
        <div className="flex items-center gap-3">
          <Button size="sm" disabled={mode === saved || pending} onClick={() => void run({ workspaceSlug, mode }, () => setSaved(mode))}>
            {pending ? "Saving…" : "Save"}
          </Button>
          {mode === saved && saved !== initial ? <span className="text-sm text-emerald-700" role="status">Saved.</span> : null}
        </div>
      ) : null}
      <ErrorText message={error?.message} />
    </fieldset>
  );
}
