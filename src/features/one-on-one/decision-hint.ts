// The improver's closing line under a proposal asks people to decide it. Once the proposal is
// decided the line is stale (it said "approve it" over an approved card): the chat leaves it out of
// answers whose proposals are all decided. Pure; the built-in improver writes the same constant.

import { DECISION_HINT } from "@/ai/prompts/improver-constants";

/** Proposal statuses still waiting for people. */
export const isUndecided = (status: string) => status === "pending" || status === "draft";

/** An answer's text without the hint to decide its proposal (only the exact sentence). */
export function withoutDecisionHint(text: string): string {
  if (!text.includes(DECISION_HINT)) return text;
  return text.replace(new RegExp(`[ \\t]*${DECISION_HINT.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`), "").trimEnd();
}
