"use client";
import { Undo2 } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { ErrorText } from "@/components/ui/form";
import { useAction } from "@/lib/use-action";
import { setTemplateHeadAction } from "../actions/set-template-head";

/**
 * Promote or roll back, with an inline confirmation (the change affects every instance's next
 * run). `oneClick` skips it: undoing an improver's version is itself undoable (promote it again).
 */
export function SetHeadButton({ workspaceSlug, templateId, versionId, number, headNumber, oneClick, label }: { workspaceSlug: string; templateId: string; versionId: string; number: number; headNumber: number; oneClick?: boolean; label?: string }) {
  const [confirming, setConfirming] = useState(false);
  const { run, pending, error } = useAction(setTemplateHeadAction);
  const verb = number < headNumber ? "Roll back" : "Promote";
  if (oneClick) {
    return (
      <div className="flex flex-col items-end gap-1">
        <Button size="sm" variant="secondary" onClick={() => void run({ workspaceSlug, templateId, versionId })} disabled={pending}>
          <Undo2 className="size-4" aria-hidden />
          {pending ? "Rolling back…" : (label ?? `${verb} to v${number}`)}
        </Button>
        <ErrorText className="text-xs" message={error?.message} />
      </div>
    );
  }
  if (!confirming) {
    return (
      <Button size="sm" variant="secondary" onClick={() => setConfirming(true)}>
        {verb} to v{number}
      </Button>
    );
  }
  return (
    <div className="flex flex-col items-end gap-1" role="group" aria-label={`Confirm ${verb.toLowerCase()}`}>
      <p className="text-xs text-zinc-600">Every instance uses v{number} at its next run.</p>
      <div className="flex gap-2">
        <Button size="sm" variant="ghost" onClick={() => setConfirming(false)} disabled={pending}>
          Cancel
        </Button>
        <Button size="sm" onClick={() => void run({ workspaceSlug, templateId, versionId }, () => setConfirming(false))} disabled={pending}>
          {pending ? "Working…" : `Confirm ${verb.toLowerCase()}`}
        </Button>
      </div>
      <ErrorText className="text-xs" message={error?.message} />
    </div>
  );
}
