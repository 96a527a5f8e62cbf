"use client";
import { FlaskConical, Loader2, ShieldAlert } from "lucide-react";
import { useRouter } from "next/navigation";
import { useEffect } from "react";
import type { ProposalReplay } from "../server/queries";
import { describeSummary } from "../score";
import { REPLAY_CHECK_EXPLAINED } from "../explain";

// A proposal's replay check on its card: running (with progress; the page refreshes until it is
// done), the result in one line with its uncertainty, or why it failed; and, in guard mode, that
// approval needs a reason.

const pct = (x: number) => `${Math.round(x * 100)}%`;

export function ReplayResult({ replay }: { replay: ProposalReplay }) {
  const router = useRouter();
  const working = replay.status === "queued" || replay.status === "running";
  useEffect(() => {
    if (!working) return;
    const timer = setInterval(() => router.refresh(), 3_000);
    return () => clearInterval(timer);
  }, [working, router]);

  return (
    <div className="rounded-lg border border-zinc-200 bg-zinc-50 px-3 py-2 text-sm" data-testid="replay-result" data-status={replay.status}>
      <p className="flex items-center gap-1.5 font-medium text-zinc-900">
        {working ? <Loader2 className="size-4 animate-spin text-brand-600" aria-hidden /> : <FlaskConical className="size-4 text-brand-600" aria-hidden />}
        Replay check
      </p>
      <p className="text-xs text-zinc-500" data-testid="replay-explained">{REPLAY_CHECK_EXPLAINED}</p>
      {working ? (
        <p className="mt-0.5 text-zinc-600" role="status">
          Replaying last week&apos;s runs with these directives and with the active ones
          {replay.sampled ? ` · ${replay.replayed} of ${replay.sampled} runs` : "…"}
        </p>
      ) : replay.status === "failed" ? (
        <p className="mt-0.5 text-red-700">The check could not finish: {replay.error ?? "unknown error"}.</p>
      ) : replay.summary ? (
        <>
          <p className="mt-0.5 text-zinc-800" data-testid="replay-summary">
            {describeSummary(replay.summary)}
          </p>
          {replay.summary.runs > 0 ? (
            <p className="mt-0.5 text-xs text-zinc-500">
              Acceptances kept {pct(replay.summary.keptRate.value)} (95% interval {pct(replay.summary.keptRate.low)}–{pct(replay.summary.keptRate.high)}); rejections avoided{" "}
              {replay.summary.avoided.value} ({replay.summary.avoided.low}–{replay.summary.avoided.high}); {replay.tokens.toLocaleString("en")} tokens spent on the check.
            </p>
          ) : null}
        </>
      ) : null}
      {replay.blocked ? (
        <p className="mt-1.5 flex items-start gap-1.5 text-amber-800" role="note">
          <ShieldAlert className="mt-0.5 size-4 shrink-0" aria-hidden />
          {working
            ? "This workspace approves only after the replay check: wait for it, or approve with a reason."
            : `The replay guard blocks approval${replay.summary ? ` (acceptances kept ${pct(replay.summary.keptRate.value)}, below 90%)` : ""}: approving needs a reason.`}
        </p>
      ) : null}
    </div>
  );
}
