// The improver's constants that browser code needs too (the chat, the proposal card). No imports:
// importing the prompt module from a client component would ship zod and the prompt builders.

/** Mutation safety: below this a proposal is a draft that cannot be approved. */
export const APPROVAL_CONFIDENCE = 0.8;
/** Mutation safety: approved versions per session. */
export const MAX_APPROVED_MUTATIONS = 3;

/** The first turn of a session has no user text: the client asks the improver to open. */
export const OPENING_REQUEST = "Open the session: summarise what changed and what you would work on.";

/** What the chat sends for the person when they reject a proposal with a reason. */
export function rejectionMessage(reason: string): string {
  return `I rejected your proposal. Reason: ${reason.trim()}`;
}

/** The built-in improver's closing line under an approvable proposal (the chat leaves it out once the proposal is decided). */
export const DECISION_HINT = "Approve it with a rating, reject it with a reason, or keep talking.";
