"use client";
import { RefreshCw } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { ErrorText } from "@/components/ui/form";
import { useAction } from "@/lib/use-action";
import { refreshFeedbackAction } from "../actions/refresh-feedback";

export function RefreshFeedbackButton({ workspaceSlug, templateId }: { workspaceSlug: string; templateId: string }) {
  const { run, pending, error } = useAction(refreshFeedbackAction);
  const [done, setDone] = useState<string | null>(null);
  return (
    <div className="flex flex-wrap items-center justify-end gap-3 text-sm">
      {done ? <span className="text-emerald-700" role="status">{done}</span> : null}
      <ErrorText as="span" className="" message={error?.message} />
      <Button
        size="sm"
        variant="secondary"
        disabled={pending}
        onClick={() =>
          void run({ workspaceSlug, templateId }, (r) =>
            setDone(
              r.failure
                ? `The classifier failed (${r.failure}); ${r.pending.toLocaleString("en")} written texts are still waiting and will be tried again.`
                : `${r.classified.toLocaleString("en")} feedback items classified${r.pending ? `; ${r.pending.toLocaleString("en")} written texts are being labeled in the background` : ""}.`,
            ),
          )
        }
      >
        <RefreshCw className={`h-3.5 w-3.5 ${pending ? "animate-spin" : ""}`} aria-hidden /> {pending ? "Classifying…" : "Classify new feedback"}
      </Button>
    </div>
  );
}
