"use client";
import { Play } from "lucide-react";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { ErrorText } from "@/components/ui/form";
import { useAction } from "@/lib/use-action";
import { runRitualNowAction } from "../actions/run-ritual-now";

/** "Run ritual now" (or "Try again" after a failed one): queues a manual ritual; the proposal arrives later by notification. */
export function RunRitualButton({ workspaceSlug, templateId, disabled, label = "Run ritual now" }: { workspaceSlug: string; templateId: string; disabled?: boolean; label?: string }) {
  const router = useRouter();
  const { run, pending, error } = useAction(runRitualNowAction);
  const [result, setResult] = useState<{ started: true } | { started: false; sessionId: string } | null>(null);
  return (
    <div className="flex flex-col items-end gap-2">
      <Button
        size="sm"
        onClick={() =>
          void run({ workspaceSlug, templateId }, (data) => {
            setResult(data);
            router.refresh();
          })
        }
        disabled={pending || disabled}
      >
        <Play className="size-4" aria-hidden />
        {pending ? "Starting…" : label}
      </Button>
      {result?.started ? (
        <p className="max-w-xs text-right text-sm text-emerald-700" role="status">
          Ritual started — you&apos;ll be notified when the proposal is ready.
        </p>
      ) : result ? (
        <p className="max-w-xs text-right text-sm text-zinc-600" role="status">
          A ritual is already under way.{" "}
          <Link className="font-medium text-brand-700 underline" href={`/w/${workspaceSlug}/rituals/${result.sessionId}`}>
            Open its review
          </Link>
        </p>
      ) : null}
      <ErrorText className="max-w-xs text-right text-sm" message={error?.message} />
    </div>
  );
}
