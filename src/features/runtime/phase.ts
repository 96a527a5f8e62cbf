// The phases of a running wake, in the order a run goes through them, and the words people read
// for them (the live status on the agent and task pages, the run page's timeline). A run holds no
// phase until its first one starts, and none once it finished.

export const RUN_PHASES = ["executing", "evaluating", "refining", "saving"] as const;
export type RunPhase = (typeof RUN_PHASES)[number];

const WORDS: Record<RunPhase, string> = {
  executing: "Executing the task…",
  evaluating: "Evaluating the result…",
  refining: "Refining…",
  saving: "Saving the result…",
};

export const isRunPhase = (phase: string | null | undefined): phase is RunPhase => (RUN_PHASES as readonly string[]).includes(phase ?? "");

/** What a running wake is doing, in words; "Starting…" before its first phase (or for a phase this code does not know). */
export function phaseLabel(phase: string | null | undefined): string {
  return isRunPhase(phase) ? WORDS[phase] : "Starting…";
}

/** "iteration 2" from the second iteration of the loop on; nothing for the first, nor while saving. */
export function phaseIterationLabel(phase: string | null | undefined, iteration: number | null | undefined): string | null {
  return iteration && iteration > 1 && phase !== "saving" ? `iteration ${iteration}` : null;
}
