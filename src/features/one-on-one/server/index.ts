// The one-on-one slice's public server API: what other slices, pages, routes and jobs may call.
// Everything else under server/ is internal to the slice (enforced by lint).
export { abandonSession } from "./abandon-session";
export { approveProposal } from "./approve-proposal";
export { followImproverReply, loadTranscript, stopImproverReply, streamImproverReply } from "./chat";
export { getClauseBlame, revertClause, type ClauseOrigin } from "./clause-blame";
export { createSessionInTx } from "./create-session";
export { finishSession } from "./finish-session";
export { getHeadVersion, getSession, listNotes, listProposals, listSessions, noteSessionNumbers, sessionFeedback, type ProposalView } from "./queries";
export { getConflictContext, listPreferenceConflicts, raisePreferenceConflictsInTx, type PreferenceConflictView } from "./preference-conflicts";
export { recordProposal, recordProposalInTx } from "./record-proposal";
export { rejectProposal } from "./reject-proposal";
export { buildSessionContext, loadSessionContext } from "./session-context";
export { findOpenSession, getOpenSession, lockSession, lockTemplate } from "./session-state";
export { settlePreferenceConflict } from "./settle-preference-conflict";
export { startSession } from "./start-session";
