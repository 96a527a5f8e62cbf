"use client";
import { CartesianGrid, Legend, Line, LineChart, ReferenceLine, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";

export type ChartWeek = { label: string; quality: number | null; acceptance: number | null; rating: number | null; runs: number; versions: number[] };

const series = [
  { key: "quality", name: "Avg quality", color: "#4f46e5" },
  { key: "acceptance", name: "Acceptance", color: "#10b981" },
  { key: "rating", name: "Avg rating", color: "#f59e0b" },
] as const;

const pct = (v: number | null) => (v == null ? "—" : v.toFixed(2));

/**
 * Weekly quality, acceptance and rating (0..1) with a dashed line at each week a version became
 * active. The figure is labelled; the table after it (sr-only) has the same numbers.
 */
export function VersionPerformanceChart({ weeks }: { weeks: ChartWeek[] }) {
  return (
    <div>
      <figure aria-label="Weekly quality, acceptance and rating, with version changes marked (the table that follows has the same data)" className="h-72 w-full" data-testid="version-chart">
        <ResponsiveContainer width="100%" height="100%">
          <LineChart data={weeks} margin={{ top: 20, right: 16, bottom: 4, left: -8 }}>
            <CartesianGrid strokeDasharray="3 3" stroke="#e4e4e7" vertical={false} />
            <XAxis dataKey="label" tick={{ fontSize: 12, fill: "#71717a" }} tickLine={false} axisLine={{ stroke: "#d4d4d8" }} />
            <YAxis domain={[0, 1]} ticks={[0, 0.25, 0.5, 0.75, 1]} tick={{ fontSize: 12, fill: "#71717a" }} tickLine={false} axisLine={false} />
            <Tooltip formatter={(v) => (typeof v === "number" ? v.toFixed(2) : String(v))} />
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
          </LineChart>
        </ResponsiveContainer>
      </figure>
      <table className="sr-only" data-testid="version-chart-table">
        <caption>Weekly performance (weeks start on Monday)</caption>
        <thead>
          <tr><th scope="col">Week of</th><th scope="col">Runs</th><th scope="col">Avg quality</th><th scope="col">Acceptance</th><th scope="col">Avg rating</th><th scope="col">Version became active</th></tr>
        </thead>
        <tbody>
          {weeks.map((w) => (
            <tr key={w.label}>
              <th scope="row">{w.label}</th>
              <td>{w.runs}</td>
              <td>{pct(w.quality)}</td>
              <td>{pct(w.acceptance)}</td>
              <td>{pct(w.rating)}</td>
              <td>{w.versions.map((n) => `v${n}`).join(", ") || "—"}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
