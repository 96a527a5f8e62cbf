"use client";
import { RefreshCw } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { ErrorText } from "@/components/ui/form";
import { useAction } from "@/lib/use-action";
import { refitDecisionModelAction } from "../actions/refit-decision-model";

export function RefitButton({ workspaceSlug, templateId }: { workspaceSlug: string; templateId: string }) {
  const { run, pending, error } = useAction(refitDecisionModelAction);
  const [done, setDone] = useState<string | null>(null);
  return (
    <div className="flex flex-wrap items-center justify-end gap-3 text-sm">
      {done ? (
        <span className="text-emerald-700" role="status">
          {done}
        </span>
      ) : null}
      <ErrorText as="span" className="" message={error?.message} />
      <Button
        size="sm"
        variant="secondary"
        disabled={pending}
        onClick={() => void run({ workspaceSlug, templateId }, (r) => setDone(`Refitted on ${r.decisions.toLocaleString("en")} decisions and ${r.ratings.toLocaleString("en")} ratings: ${r.signals} signal${r.signals === 1 ? "" : "s"}.`))}
      >
        <RefreshCw className={`h-3.5 w-3.5 ${pending ? "animate-spin" : ""}`} aria-hidden /> {pending ? "Refitting…" : "Refit now"}
      </Button>
    </div>
  );
}
