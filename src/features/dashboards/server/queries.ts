import "server-only";

// The dashboards slice's read models (see ../README.md). Every function takes the workspace id
// and filters by it in SQL; none writes.
export { getActiveInstances, type ActiveInstance } from "./active-instances";
export { getTemplateGrowth, type Growth } from "./growth";
export { getTemplateMetrics, getTemplateMttr, type MetricPair, type Mttr, type TemplateMetrics } from "./template-metrics";
export { getVersionPerformance, getWeeklySeries, getWindowSeries, seriesStepDays, type VersionStats, type WeekPoint } from "./version-performance";
export { getWorkspaceHealth, type TemplateHealth } from "./workspace-health";
