import { formatDateTime, formatDuration } from "@/lib/format";
import type { TimelineStep } from "../server/timeline";

const dot: Record<TimelineStep["tone"], string> = {
  zinc: "bg-zinc-300",
  brand: "bg-brand-500",
  green: "bg-emerald-500",
  amber: "bg-amber-500",
  red: "bg-red-500",
};

const timeOf = (d: Date) => `${formatDateTime(d)}:${String(d.getSeconds()).padStart(2, "0")}`;

/** A run's timeline, top to bottom (server-rendered: no client code). */
export function RunTimeline({ steps }: { steps: TimelineStep[] }) {
  return (
    <ol className="relative ml-2 border-l border-zinc-200 text-sm" aria-label="Run timeline" data-testid="run-timeline">
      {steps.map((s) => (
        <li key={s.key} className="relative pb-4 pl-5 last:pb-0" data-testid="timeline-step" data-kind={s.kind}>
          <span aria-hidden className={`absolute -left-[5px] top-1.5 h-2.5 w-2.5 rounded-full ring-2 ring-white ${dot[s.tone]}`} />
          <div className="flex flex-wrap items-baseline gap-x-3">
            <span className="font-medium text-zinc-900">{s.label}</span>
            {s.at ? (
              <time dateTime={s.at.toISOString()} className="tabular-nums text-zinc-500">{timeOf(s.at)}</time>
            ) : (
              <span className="text-xs text-zinc-400">{s.untimed}</span>
            )}
            {s.sincePreviousMs !== null ? <span className="text-xs tabular-nums text-zinc-400">+{formatDuration(s.sincePreviousMs)}</span> : null}
          </div>
          {s.score !== undefined ? (
            <p className="mt-0.5 tabular-nums text-zinc-700">
              Weighted score {s.score.toFixed(2)}
              {s.gates?.length ? <span className="text-zinc-500"> · {s.gates.map((g) => `${g.name} ${g.score === null ? "—" : g.score.toFixed(2)}`).join(" · ")}</span> : null}
            </p>
          ) : null}
          {s.detail ? <p className={`mt-0.5 ${s.kind === "finished" && s.tone === "red" ? "text-red-700" : "text-zinc-600"}`}>{s.detail}</p> : null}
        </li>
      ))}
    </ol>
  );
}
