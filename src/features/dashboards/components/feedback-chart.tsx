"use client";
import { Bar, BarChart, Legend, Tooltip } from "recharts";
import { DataTable } from "@/components/ui/table";
import type { FeedbackSummary as FeedbackBreakdown } from "@/features/feedback/server";
import { SENTIMENTS } from "@/features/feedback/rules";
import { ChartAxes, ChartFigure } from "./chart-figure";

const sentimentColors = { positive: "#10b981", negative: "#ef4444", neutral: "#a1a1aa" } as const;
const capitalized = (s: string) => s[0].toUpperCase() + s.slice(1);

/** Classified feedback per category, stacked by sentiment; the sr-only table has the same counts. */
export function FeedbackChart({ byCategory }: { byCategory: FeedbackBreakdown["byCategory"] }) {
  return (
    <ChartFigure label="Classified feedback per category and sentiment (the table that follows has the same counts)" className="h-64 w-full" testId="feedback-chart"
      chart={
        <BarChart data={byCategory} margin={{ top: 8, right: 16, bottom: 4, left: -16 }}>
          <ChartAxes xKey="category" y={{ allowDecimals: false }} />
          <Tooltip cursor={{ fill: "#f4f4f5" }} />
          <Legend wrapperStyle={{ fontSize: 12 }} />
          {SENTIMENTS.map((s, i, all) => (
            <Bar key={s} dataKey={s} stackId="sentiment" fill={sentimentColors[s]} radius={i === all.length - 1 ? [3, 3, 0, 0] : 0} isAnimationActive={false} maxBarSize={48} />
          ))}
        </BarChart>
      }
      table={
        <DataTable rows={byCategory} rowKey={(c) => c.category} srOnly testId="feedback-table" caption="Feedback items per category"
          columns={[{ header: "Category", rowHeader: true, cell: (c) => c.category }, ...SENTIMENTS.map((s) => ({ header: capitalized(s), cell: (c: (typeof byCategory)[number]) => c[s] }))]}
        />
      }
    />
  );
}
