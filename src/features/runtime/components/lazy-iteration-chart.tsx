"use client";
import dynamic from "next/dynamic";
import { ChartPlaceholder } from "@/components/ui/chart-placeholder";

// The iteration chart (recharts) loads after the run page is interactive; the iteration table
// beside it has the same numbers from the first paint.
export const IterationChart = dynamic(() => import("./iteration-chart").then((m) => m.IterationChart), {
  ssr: false,
  loading: () => <ChartPlaceholder className="h-72 w-full" label="Loading the iteration chart" />,
});
