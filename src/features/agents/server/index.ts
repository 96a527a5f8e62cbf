// The agents slice's public server API: what other slices, pages, routes and jobs may call.
// Everything else under server/ is internal to the slice (enforced by lint).
export { getAgentDirectives } from "./agent-directives";
export { countChangesSince } from "./change-feed";
export { createAgent } from "./create-agent";
export { notePendingWakeReason, takeWakeReason } from "./pending-wake-reason";
export { listAgentsPage, type AgentListRow } from "./list-agents-page";
export { getAgent, listAgentMessages, listAgents } from "./queries";
export { listRunsPage, type RunFilters, type RunListRow } from "./list-runs-page";
export { rateRun } from "./rate-run";
export { recordObservation, writeReport } from "./record-message";
export { applyRunToState, parseExternalRunInputs, recordRun } from "./record-run";
export { recordRuns, type RunToRecord } from "./record-runs";
