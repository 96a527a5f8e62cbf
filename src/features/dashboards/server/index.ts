// The dashboards slice's public server API: what other slices, pages, routes and jobs may call.
// Everything else under server/ is internal to the slice (enforced by lint).
export { getActiveInstances } from "./active-instances";
export { getTemplateGrowth } from "./growth";
export { int, ts } from "./sql";
export { getTemplateMetrics, getTemplateMttr, type MetricPair, type TemplateMetrics } from "./template-metrics";
export { getVersionPerformance, getWeeklySeries, getWindowSeries, seriesStepDays } from "./version-performance";
export { getWorkspaceHealth } from "./workspace-health";
