import type { Proposal, WakeOutput } from "../prompts/task-agent";

/**
 * Task tools do not write anything while the self-refine loop runs: each call is collected here,
 * and only the accepted iteration's output is saved when the loop ends.
 */
export type OutputCollector = {
  proposals: Proposal[];
  report: WakeOutput["report"];
  observations: string[];
};

export const newCollector = (): OutputCollector => ({ proposals: [], report: null, observations: [] });

export const collected = (c: OutputCollector): WakeOutput => ({ proposals: c.proposals, report: c.report, observations: c.observations });
