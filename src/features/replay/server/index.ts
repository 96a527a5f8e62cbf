// The replay slice's public server API: what other slices, pages, routes and jobs may call.
// Everything else under server/ is internal to the slice (enforced by lint).
export { assertReplayAllowsApproval, queueReplayCheck } from "./guard";
export { getProposalReplays, getReplayChecks, getReplayGuard, type ProposalReplay, type ReplayCheckView } from "./queries";
export { runReplayCheck, type ReplayModels } from "./run-replay-check";
export { CANDIDATES, SEARCH_RUNS, searchCandidates, type CandidateSearch } from "./search-candidates";
export { budgetStop, EXTERNAL_REPLAY_TOKEN_BUDGET, failExternalReplayCheck, finishExternalReplayCheck, planReplayCheck, replayExternalRun, replayExternalRuns, runReplayCheckNow, type RunStep, type ExternalRunResult, type ReplayPlan } from "./external-replay";
export { ReplayCallError, ReplayAnswerSchema, type ReplayAnswer, type ReplayRequest } from "./endpoint";
export { getExternalAgentSettings, rotateReplaySecret, updateExternalAgentSettings, type ExternalAgentSettings } from "./external-settings";
