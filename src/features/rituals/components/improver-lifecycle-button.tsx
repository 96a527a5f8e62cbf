"use client";
import { Pause, Play } from "lucide-react";
import { useRouter } from "next/navigation";
import { Button } from "@/components/ui/button";
import { ErrorText } from "@/components/ui/form";
import { useAction } from "@/lib/use-action";
import { setImproverLifecycleAction } from "../actions/set-improver-lifecycle";

/** Pause (dormant: no scheduled rituals) or resume a template's improver. */
export function ImproverLifecycleButton({ workspaceSlug, templateId, paused }: { workspaceSlug: string; templateId: string; paused: boolean }) {
  const router = useRouter();
  const { run, pending, error } = useAction(setImproverLifecycleAction);
  return (
    <span className="inline-flex flex-col items-start gap-1">
      <Button size="sm" variant="secondary" disabled={pending} onClick={() => void run({ workspaceSlug, templateId, lifecycle: paused ? "active" : "dormant" }, () => router.refresh())}>
        {paused ? <Play className="size-4" aria-hidden /> : <Pause className="size-4" aria-hidden />}
        {pending ? (paused ? "Resuming…" : "Pausing…") : paused ? "Resume improver" : "Pause improver"}
      </Button>
      <ErrorText as="span" message={error?.message} />
    </span>
  );
}
