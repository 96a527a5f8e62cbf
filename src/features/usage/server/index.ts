import "server-only";

export { getWorkspaceUsage, USAGE_PERIODS, type UsagePeriod, type UsageRow, type WorkspaceUsage } from "./queries";
export { recordModelUsage, type UsageToRecord } from "./record";
