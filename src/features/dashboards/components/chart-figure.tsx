import type { ReactElement, ReactNode } from "react";
import { ResponsiveContainer } from "recharts";

// The dashboard charts' common frame and axis style (recharts reads its children by type, so the
// grid and axes stay in each chart; their props are shared here).

const tick = { fontSize: 12, fill: "#71717a" };
export const chartGrid = { strokeDasharray: "3 3", stroke: "#e4e4e7", vertical: false } as const;
export const chartXAxis = { tick, tickLine: false, axisLine: { stroke: "#d4d4d8" } } as const;
export const chartYAxis = { tick, tickLine: false, axisLine: false } as const;

/** A labelled chart that fills its box (`className` sets the height), then a screen-reader table with the same numbers. */
export function ChartFigure({ label, className, testId, chart, table }: { label: string; className: string; testId: string; chart: ReactElement; table: ReactNode }) {
  return (
    <div>
      <figure aria-label={label} className={className} data-testid={testId}>
        <ResponsiveContainer width="100%" height="100%">
          {chart}
        </ResponsiveContainer>
      </figure>
      {table}
    </div>
  );
}
