"use client";
import { CartesianGrid, Legend, Line, LineChart, ReferenceLine, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";

const colors = ["#0ea5e9", "#f59e0b", "#10b981", "#ef4444", "#8b5cf6", "#64748b"];

export type ChartIteration = { index: number; score: number; gates: { name: string; score: number }[] };

/**
 * Score per self-refine iteration: the weighted total (bold) and each gate's partial credit, with
 * the quality threshold as a reference line (recharts). The page renders the same numbers as a
 * table, which is the accessible alternative.
 */
export function IterationChart({ iterations, threshold }: { iterations: ChartIteration[]; threshold: number }) {
  const gateNames = [...new Set(iterations.flatMap((it) => it.gates.map((g) => g.name)))];
  const data = iterations.map((it) => ({
    iteration: `#${it.index}`,
    total: it.score,
    ...Object.fromEntries(it.gates.map((g) => [g.name, g.score])),
  }));
  return (
    <figure aria-label="Quality score per iteration (the table below has the same data)" className="h-72 w-full">
      <ResponsiveContainer width="100%" height="100%">
        <LineChart data={data} margin={{ top: 8, right: 16, bottom: 8, left: 0 }}>
          <CartesianGrid strokeDasharray="3 3" stroke="#e4e4e7" />
          <XAxis dataKey="iteration" tick={{ fontSize: 12 }} />
          <YAxis domain={[0, 1]} tick={{ fontSize: 12 }} />
          <Tooltip formatter={(v) => (typeof v === "number" ? v.toFixed(2) : String(v))} />
          <Legend wrapperStyle={{ fontSize: 12 }} />
          <ReferenceLine y={threshold} stroke="#4f46e5" strokeDasharray="6 4" label={{ value: `threshold ${threshold}`, fontSize: 11, fill: "#4f46e5", position: "insideBottomRight" }} />
          {gateNames.map((name, i) => (
            <Line key={name} type="monotone" dataKey={name} stroke={colors[i % colors.length]} strokeWidth={1.5} dot={{ r: 3 }} isAnimationActive={false} />
          ))}
          <Line type="monotone" dataKey="total" name="weighted score" stroke="#18181b" strokeWidth={3} dot={{ r: 4 }} isAnimationActive={false} />
        </LineChart>
      </ResponsiveContainer>
    </figure>
  );
}
