"use client";
import dynamic from "next/dynamic";
import { ChartPlaceholder } from "@/components/ui/chart-placeholder";

// The dashboard charts (recharts, ~100 KB of gzip) load after the page is interactive, not with it:
// the numbers are on the page already (cards and tables), the chart draws them a moment later.

export const VersionPerformanceChart = dynamic(() => import("./version-performance-chart").then((m) => m.VersionPerformanceChart), {
  ssr: false,
  loading: () => <ChartPlaceholder className="h-72 w-full" label="Loading the weekly chart" />,
});

export const FeedbackChart = dynamic(() => import("./feedback-chart").then((m) => m.FeedbackChart), {
  ssr: false,
  loading: () => <ChartPlaceholder className="h-64 w-full" label="Loading the feedback chart" />,
});
