"use client";
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import type { FeedbackSummary as FeedbackBreakdown } from "@/features/feedback/server";

export const sentimentColors = { positive: "#10b981", negative: "#ef4444", neutral: "#a1a1aa" } as const;

/** Classified feedback per category, stacked by sentiment; the sr-only table has the same counts. */
export function FeedbackChart({ byCategory }: { byCategory: FeedbackBreakdown["byCategory"] }) {
  return (
    <div>
      <figure aria-label="Classified feedback per category and sentiment (the table that follows has the same counts)" className="h-64 w-full" data-testid="feedback-chart">
        <ResponsiveContainer width="100%" height="100%">
          <BarChart data={byCategory} margin={{ top: 8, right: 16, bottom: 4, left: -16 }}>
            <CartesianGrid strokeDasharray="3 3" stroke="#e4e4e7" vertical={false} />
            <XAxis dataKey="category" tick={{ fontSize: 12, fill: "#71717a" }} tickLine={false} axisLine={{ stroke: "#d4d4d8" }} />
            <YAxis allowDecimals={false} tick={{ fontSize: 12, fill: "#71717a" }} tickLine={false} axisLine={false} />
            <Tooltip cursor={{ fill: "#f4f4f5" }} />
            <Legend wrapperStyle={{ fontSize: 12 }} />
            {(["positive", "negative", "neutral"] as const).map((s, i, all) => (
              <Bar key={s} dataKey={s} stackId="sentiment" fill={sentimentColors[s]} radius={i === all.length - 1 ? [3, 3, 0, 0] : 0} isAnimationActive={false} maxBarSize={48} />
            ))}
          </BarChart>
        </ResponsiveContainer>
      </figure>
      <table className="sr-only" data-testid="feedback-table">
        <caption>Feedback items per category</caption>
        <thead><tr><th scope="col">Category</th><th scope="col">Positive</th><th scope="col">Negative</th><th scope="col">Neutral</th></tr></thead>
        <tbody>
          {byCategory.map((c) => (
            <tr key={c.category}><th scope="row">{c.category}</th><td>{c.positive}</td><td>{c.negative}</td><td>{c.neutral}</td></tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
