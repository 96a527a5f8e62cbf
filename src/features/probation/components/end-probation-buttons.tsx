"use client";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { ErrorText } from "@/components/ui/form";
import { useAction } from "@/lib/use-action";
import { endProbationAction } from "../actions/end-probation";

/** End a probation early, with an inline confirmation: both change what every instance runs next. */
export function EndProbationButtons({ workspaceSlug, probationId, version, baseline }: { workspaceSlug: string; probationId: string; version: number; baseline: number }) {
  const [confirming, setConfirming] = useState<"promote" | "rollback" | null>(null);
  const { run, pending, error } = useAction(endProbationAction);
  if (!confirming) {
    return (
      <div className="flex flex-wrap gap-2">
        <Button size="sm" variant="secondary" onClick={() => setConfirming("promote")}>
          Promote v{version} now
        </Button>
        <Button size="sm" variant="secondary" onClick={() => setConfirming("rollback")}>
          Roll back to v{baseline}
        </Button>
      </div>
    );
  }
  const promote = confirming === "promote";
  return (
    <div className="flex flex-col items-start gap-1" role="group" aria-label={promote ? "Confirm promote" : "Confirm roll back"}>
      <p className="text-xs text-zinc-600">{promote ? `Ends the probation: every instance runs v${version} from its next run.` : `Ends the probation: every instance goes back to v${baseline} at its next run.`}</p>
      <div className="flex gap-2">
        <Button size="sm" variant="ghost" onClick={() => setConfirming(null)} disabled={pending}>
          Cancel
        </Button>
        <Button size="sm" onClick={() => void run({ workspaceSlug, probationId, action: confirming }, () => setConfirming(null))} disabled={pending}>
          {pending ? "Working…" : promote ? "Confirm promote" : "Confirm roll back"}
        </Button>
      </div>
      <ErrorText className="text-xs" message={error?.message} />
    </div>
  );
}
