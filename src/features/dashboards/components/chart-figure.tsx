import type { ReactElement, ReactNode } from "react";
import { CartesianGrid, ResponsiveContainer, XAxis, YAxis, type YAxisProps } from "recharts";

const tick = { fontSize: 12, fill: "#71717a" };

/** The dashboard charts' grid and axes (recharts 3 renders components nested in our own). */
export function ChartAxes({ xKey, y }: { xKey: string; y?: Pick<YAxisProps, "domain" | "ticks" | "allowDecimals"> }) {
  return (
    <>
      <CartesianGrid strokeDasharray="3 3" stroke="#e4e4e7" vertical={false} />
      <XAxis dataKey={xKey} tick={tick} tickLine={false} axisLine={{ stroke: "#d4d4d8" }} />
      <YAxis {...y} tick={tick} tickLine={false} axisLine={false} />
    </>
  );
}

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
