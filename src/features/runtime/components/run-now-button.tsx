"use client";
import { Play } from "lucide-react";
import { useEffect, useState } from "react";
import { Button } from "@/components/ui/button";
import { ErrorText } from "@/components/ui/form";
import { useAction } from "@/lib/use-action";
import { requestWakeAction } from "../actions/request-wake";

export function RunNowButton({ workspaceSlug, agentId }: { workspaceSlug: string; agentId: string }) {
  const { run, pending, error } = useAction(requestWakeAction);
  const [requested, setRequested] = useState(false);
  // "Requested" is a moment's confirmation; the live status next to the button follows the wake
  // itself (queued, then its phases).
  useEffect(() => {
    if (!requested) return;
    const timer = setTimeout(() => setRequested(false), 3000);
    return () => clearTimeout(timer);
  }, [requested]);
  return (
    <span className="inline-flex items-center gap-2">
      <Button size="sm" variant="secondary" disabled={pending} onClick={() => void run({ workspaceSlug, agentId }, () => setRequested(true))}>
        <Play className="h-3.5 w-3.5" aria-hidden /> {requested ? "Requested" : "Run now"}
      </Button>
      <ErrorText as="span" className="text-xs" message={error?.message} />
    </span>
  );
}
