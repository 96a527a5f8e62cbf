// The decisions slice's public server API: what other slices, pages, routes and jobs may call.
// Everything else under server/ is internal to the slice (enforced by lint).
export { createChangeSet } from "./create-change-set";
export { decideChangeItems } from "./decide-change-items";
export { listInboxPage, type InboxFilters, type InboxStatus } from "./list-inbox-page";
export { countPendingDecisions, listDecisionsForAgent, listOpenItems, toInboxItem } from "./queries";
