"use client";
import { Clock, Loader2 } from "lucide-react";
import { useRouter } from "next/navigation";
import { useEffect, useRef, useState } from "react";

import { phaseIterationLabel, phaseLabel } from "../phase";
import type { LiveStatus } from "../server/queries";

type Running = NonNullable<LiveStatus["running"]>;

/**
 * Polls the agent's live status while the page is open; shows a wake that is queued (debounced,
 * throttled or behind the running one), one starting, and the phase of a running wake in words
 * ("Executing the task…", "Evaluating the result…", "Refining…", "Saving the result…"), and
 * refreshes the page's data when a run finishes (a newer finished run than the page rendered,
 * also when the run was too quick to be seen running), so results appear without a reload.
 */
export function LiveRunStatus({ workspaceSlug, agentId, initial }: { workspaceSlug: string; agentId: string; initial: LiveStatus | null }) {
  const router = useRouter();
  const [live, setLive] = useState<Running | null>(initial?.running ?? null);
  const [queued, setQueued] = useState<LiveStatus["queued"]>(initial?.queued ?? null);
  const [starting, setStarting] = useState(initial?.starting ?? false);
  const lastFinished = useRef(initial?.lastFinishedRunId ?? null);
  useEffect(() => {
    let stopped = false;
    const tick = async () => {
      try {
        const res = await fetch(`/api/workspaces/${workspaceSlug}/agents/${agentId}/live`, { cache: "no-store" });
        if (!res.ok) return;
        const status = (await res.json()) as LiveStatus;
        if (stopped) return;
        setLive(status.running);
        setQueued(status.queued);
        setStarting(status.starting);
        if (status.lastFinishedRunId !== lastFinished.current) {
          lastFinished.current = status.lastFinishedRunId;
          router.refresh();
        }
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

  if (!live && starting) return <Working label={phaseLabel(null)} />;
  if (!live && queued) {
    return (
      <span role="status" data-testid="live-status" className="inline-flex items-center gap-2 rounded-full bg-zinc-100 px-3 py-1 text-sm font-medium text-zinc-700" title={`May start at ${new Date(queued.startsAt).toLocaleTimeString()}`}>
        <Clock className="h-4 w-4" aria-hidden /> Queued
      </span>
    );
  }
  if (!live) return <span className="text-sm text-zinc-500" data-testid="live-status">Idle</span>;
  return <Working label={phaseLabel(live.phase)} detail={phaseIterationLabel(live.phase, live.iteration)} phase={live.phase ?? "starting"} />;
}

function Working({ label, detail = null, phase = "starting" }: { label: string; detail?: string | null; phase?: string }) {
  return (
    <span role="status" data-testid="live-status" data-phase={phase} className="inline-flex items-center gap-2 rounded-full bg-amber-50 px-3 py-1 text-sm font-medium text-amber-800">
      <Loader2 className="h-4 w-4 animate-spin" aria-hidden /> {label}
      {detail ? <span className="font-normal text-amber-700">· {detail}</span> : null}
    </span>
  );
}
