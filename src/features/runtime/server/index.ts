// The runtime slice's public server API: what other slices, pages, routes and jobs may call.
// Everything else under server/ is internal to the slice (enforced by lint).
export { findLiveStatus, getLiveStatus, getRun } from "./queries";
export { getRunTimeline, type TimelineStep } from "./timeline";
export { runTaskAgentWake } from "./run-task-agent-wake";
export { loadRunForReplay, parseRunInputs, replayContext, type RunInputs } from "./run-inputs";
export { selfRefine, settleRefineResult, type RefineModels, type RefineResult } from "./self-refine";
