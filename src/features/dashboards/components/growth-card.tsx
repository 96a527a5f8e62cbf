import { cn } from "@/lib/cn";
import type { Growth } from "../server/queries";

const bar = { green: "bg-emerald-500", amber: "bg-amber-400", red: "bg-red-500" } as const;
const text = { green: "text-emerald-700", amber: "text-amber-700", red: "text-red-700" } as const;
const words = { green: "growing", amber: "flat", red: "slowing" } as const;

/** Agents created in the last 7 days vs the 7 before: two bars, colour by trend. */
export function GrowthCard({ growth }: { growth: Growth }) {
  const max = Math.max(1, growth.thisWeek, growth.lastWeek);
  const rows = [
    { label: "This week", value: growth.thisWeek, className: bar[growth.tone] },
    { label: "Last week", value: growth.lastWeek, className: "bg-zinc-300" },
  ];
  return (
    <div className="px-5 py-4" data-testid="growth-card" data-tone={growth.tone}>
      <div className="flex items-baseline justify-between">
        <h3 className="text-xs font-medium uppercase tracking-wide text-zinc-500">New instances</h3>
        <span className={cn("text-xs font-medium", text[growth.tone])}>{words[growth.tone]}</span>
      </div>
      <dl className="mt-3 space-y-2 text-sm" aria-label={`Agents created: ${growth.thisWeek} in the last 7 days, ${growth.lastWeek} in the 7 days before`}>
        {rows.map((r) => (
          <div key={r.label} className="grid grid-cols-[5.5rem_1fr_2.5rem] items-center gap-3">
            <dt className="text-zinc-600">{r.label}</dt>
            <dd className="h-3 rounded-full bg-zinc-100" aria-hidden>
              <div className={cn("h-3 rounded-full", r.className)} style={{ width: `${(r.value / max) * 100}%`, minWidth: r.value ? "0.5rem" : 0 }} />
            </dd>
            <dd className="text-right font-semibold tabular-nums">{r.value}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
