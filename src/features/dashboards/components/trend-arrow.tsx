import { ArrowDownRight, ArrowRight, ArrowUpRight } from "lucide-react";
import { cn } from "@/lib/cn";
import type { Trend } from "../window";

const toneClass = { good: "text-emerald-700 bg-emerald-50", bad: "text-red-700 bg-red-50", neutral: "text-zinc-600 bg-zinc-100" } as const;
const words = { up: "up", down: "down", flat: "no change" } as const;

/** ↑ / ↓ / → with the change, green when the move is good news and red when it is bad. */
export function TrendArrow({ trend, format, className }: { trend: Trend; format: (delta: number) => string; className?: string }) {
  if (trend.empty) return null;
  const Icon = trend.direction === "up" ? ArrowUpRight : trend.direction === "down" ? ArrowDownRight : ArrowRight;
  const label = trend.delta == null ? "no previous data" : trend.direction === "flat" ? words.flat : `${words[trend.direction]} ${format(Math.abs(trend.delta))}`;
  return (
    <span className={cn("inline-flex items-center gap-0.5 rounded-md px-1.5 py-0.5 text-xs font-medium tabular-nums", toneClass[trend.tone], className)} data-trend={trend.direction} data-tone={trend.tone}>
      <Icon className="h-3.5 w-3.5" aria-hidden />
      <span className={trend.delta == null || trend.direction === "flat" ? "sr-only" : undefined}>{label}</span>
      {trend.delta == null || trend.direction === "flat" ? <span aria-hidden>{trend.delta == null ? "new" : "flat"}</span> : null}
    </span>
  );
}
