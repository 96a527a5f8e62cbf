import type { ImproverSectionKey } from "@/ai/prompts/improver";

// The improver's context budget, in o200k tokens. The system
// message stays under ~9k so the chat transcript and the answer keep the rest of a ~16k window.

export type SectionKey = ImproverSectionKey;

export const CONTEXT_BUDGETS: Record<SectionKey | "scaffold", number> = {
  scaffold: 600,
  directives: 1500,
  signals: 400,
  feedback: 2000,
  metrics: 300,
  decisions: 700,
  reports: 1600,
  observations: 800,
  notes: 800,
  versions: 300,
  delta: 100,
};

/** Shares of the feedback section: negative first, it matters most. */
export const FEEDBACK_SHARES = { negative: 800, positive: 600, patterns: 600 } as const;

/** Row caps (about ten rows per section): the database returns a window, never the history. */
export const CONTEXT_CAPS = { versions: 5, reports: 10, observations: 10, noteSessions: 5 };

/** Decision history looks back this far: long enough to see a tool's rejection trend, short enough to be current. */
export const DECISION_HISTORY_DAYS = 30;
/** Metrics compare this many days with the same span before. */
export const METRICS_DAYS = 7;
