// The probation slice's public server API: what other slices, pages, routes and jobs may call.
// Everything else under server/ is internal to the slice (enforced by lint).
export { checkProbations, templatePath, type ProbationCheck } from "./check-probations";
export { endProbation } from "./end-probation";
export { armOfRecordedRun, armOfVersion, OPEN_PROBATION_SELECT, OPEN_STATUSES, onHeadMoved, onVersionPromoted, versionForWake, versionOfArm } from "./lifecycle";
export { DONE_SUMS, measureAndStore, RUN_SUMS, statsFromSums, type StatsSums } from "./measure";
export { getTemplateProbation, type ProbationView } from "./queries";
export { markRollbackProposed, ritualProbation, type PendingRollback, type RunningProbation } from "./rollback";
export { getProbationSettings, updateProbationSettings } from "./update-settings";
