// The replay slice's public server API: what other slices, pages, routes and jobs may call.
// Everything else under server/ is internal to the slice (enforced by lint).
export { assertReplayAllowsApproval, queueReplayCheck } from "./guard";
export { getProposalReplays, getReplayChecks, getReplayGuard, type ProposalReplay, type ReplayCheckView } from "./queries";
export { runReplayCheck } from "./run-replay-check";
