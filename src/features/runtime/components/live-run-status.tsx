"use client";
import { Loader2 } from "lucide-react";
import { useRouter } from "next/navigation";
import { useEffect, useRef, useState } from "react";

type Live = { id: string; phase: string | null; iteration: number | null } | null;

const label = (l: NonNullable<Live>) =>
  l.phase === "evaluating" ? `Evaluating iteration ${l.iteration}` : l.phase === "refining" ? `Refining (iteration ${l.iteration})` : "Executing";

/**
 * Polls the agent's live status while the page is open; shows the phase of a running wake and
 * refreshes the page's data when a run finishes, so results appear without a manual reload.
 */
export function LiveRunStatus({ workspaceSlug, agentId, initial }: { workspaceSlug: string; agentId: string; initial: Live }) {
  const router = useRouter();
  const [live, setLive] = useState<Live>(initial);
  const wasRunning = useRef(initial !== null);
  useEffect(() => {
    let stopped = false;
    const tick = async () => {
      try {
        const res = await fetch(`/api/workspaces/${workspaceSlug}/agents/${agentId}/live`, { cache: "no-store" });
        if (!res.ok) return;
        const { running } = (await res.json()) as { running: Live };
        if (stopped) return;
        setLive(running);
        if (wasRunning.current && !running) router.refresh();
        wasRunning.current = running !== null;
      } catch {
        // offline for a moment: try again next tick
      }
    };
    const timer = setInterval(tick, 1500);
    return () => {
      stopped = true;
      clearInterval(timer);
    };
  }, [workspaceSlug, agentId, router]);

  if (!live) return <span className="text-sm text-zinc-500" data-testid="live-status">Idle</span>;
  return (
    <span role="status" data-testid="live-status" className="inline-flex items-center gap-2 rounded-full bg-amber-50 px-3 py-1 text-sm font-medium text-amber-800">
      <Loader2 className="h-4 w-4 animate-spin" aria-hidden /> {label(live)}
    </span>
  );
}
