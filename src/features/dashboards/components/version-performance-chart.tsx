"use client";
import { Area, ComposedChart, Legend, Line, ReferenceLine, Tooltip } from "recharts";
import { DataTable } from "@/components/ui/table";
import { ChartAxes, ChartFigure } from "./chart-figure";

export type ChartWeek = {
  label: string;
  quality: number | null;
  acceptance: number | null;
  /** Acceptance's 95% interval, [low, high] (the shaded band). */
  acceptanceBand: [number, number] | null;
  rating: number | null;
  runs: number;
  versions: number[];
};

const series = [
  { key: "quality", name: "Avg quality", color: "#4f46e5" },
  { key: "acceptance", name: "Acceptance", color: "#10b981" },
  { key: "rating", name: "Avg rating", color: "#f59e0b" },
] as const;

const pct = (v: number | null) => (v == null ? "—" : v.toFixed(2));

/**
 * Quality, acceptance and rating (0..1) per period (a day, or 7 days; weeks of the window's start
 * when `period` is "7 days") with a dashed line at each period a version became active, and acceptance's 95% interval as a band: a week of few decisions shows how little its
 * mean says. The figure is labelled; the table after it (sr-only) has the same numbers.
 */
export function VersionPerformanceChart({ weeks, period = "7 days" }: { weeks: ChartWeek[]; period?: "day" | "7 days" }) {
  const per = period === "day" ? "Daily" : "7-day";
  return (
    <ChartFigure label={`${per} quality, acceptance with its 95% interval, and rating, with version changes marked (the table that follows has the same data)`} className="h-72 w-full" testId="version-chart"
      chart={
        <ComposedChart data={weeks} margin={{ top: 20, right: 16, bottom: 4, left: -8 }}>
          <ChartAxes xKey="label" y={{ domain: [0, 1], ticks: [0, 0.25, 0.5, 0.75, 1] }} />
          <Tooltip formatter={(v) => (typeof v === "number" ? v.toFixed(2) : Array.isArray(v) ? v.map((x) => Number(x).toFixed(2)).join(" – ") : String(v))} />
          <Area type="linear" dataKey="acceptanceBand" name="Acceptance, 95% interval" stroke="none" fill="#10b981" fillOpacity={0.15} connectNulls isAnimationActive={false} legendType="square" />
          <Legend wrapperStyle={{ fontSize: 12 }} iconType="plainline" />
          {weeks.filter((w) => w.versions.length).map((w) => (
            <ReferenceLine
              key={w.label}
              x={w.label}
              stroke="#a1a1aa"
              strokeDasharray="4 4"
              label={{ value: w.versions.map((n) => `v${n}`).join(", "), position: "top", fontSize: 11, fill: "#52525b" }}
            />
          ))}
          {series.map((s) => (
            <Line key={s.key} type="linear" dataKey={s.key} name={s.name} stroke={s.color} strokeWidth={2} dot={{ r: 3 }} connectNulls isAnimationActive={false} />
          ))}
        </ComposedChart>
      }
      table={
        <DataTable rows={weeks} rowKey={(w) => w.label} srOnly testId="version-chart-table" caption={`${per} performance (${period === "day" ? "each day" : "7 days from the date shown"})`}
          columns={[
            { header: period === "day" ? "Day" : "From", rowHeader: true, cell: (w) => w.label },
            { header: "Runs", cell: (w) => w.runs },
            { header: "Avg quality", cell: (w) => pct(w.quality) },
            { header: "Acceptance", cell: (w) => pct(w.acceptance) },
            { header: "Acceptance, 95% interval", cell: (w) => (w.acceptanceBand ? `${pct(w.acceptanceBand[0])} – ${pct(w.acceptanceBand[1])}` : "—") },
            { header: "Avg rating", cell: (w) => pct(w.rating) },
            { header: "Version became active", cell: (w) => w.versions.map((n) => `v${n}`).join(", ") || "—" },
          ]}
        />
      }
    />
  );
}
