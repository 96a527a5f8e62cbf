/**
 * ritual-decision — resumes a ritual after a person's decision or its expiry. Embedded runner only.
 *
 * Trigger: `ritual/decided` { workspaceId, sessionId, improverAgentId, decision }, written by
 * approveProposal / rejectProposal in their transaction (outbox) and delivered after the commit,
 * and sent by the hourly check for a proposal past its 7-day deadline (decision "expired") or a
 * decision no ritual acted on.
 *
 * Steps:
 *  1. `advance` — advanceRitual reads the session's status, not the event: approved (completed)
 *     → finalize (post-ritual update, weekly summary report); rejected → the next round's
 *     proposal and a "ready for review" notice, or abandoned after MAX_RITUAL_ROUNDS; past its
 *     deadline → abandoned, one reminder, finalize. Every transition is idempotent (ritual.ts).
 *
 * Under Inngest the ritual's own run waits for this event (step.waitForEvent in
 * improver-ritual.ts), so `/api/inngest` does not serve this function (functions/index.ts).
 *
 * Semantics: keyed by the improver — decisions for one improver run one at a time and a burst
 * coalesces into one run (the payload is only a wake-up: the state is in Postgres). It is a job of
 * its own name, so it is not single-flight with `improver-ritual` of the same improver; both
 * advance the same session under its row lock, which is safe (at worst a model call is wasted).
 * No throttle; 4 attempts, 30 s × 2^(attempt-1) apart.
 */
import { defineJob } from "../definition";
import { ritualDecided } from "../events";
import { RITUAL_RETRY, ritualDeps, ritualDomain, type RitualJobDeps } from "./improver-ritual";

export const RITUAL_DECISION_ID = "ritual-decision";

export function createRitualDecisionFunction(deps: RitualJobDeps = {}) {
  const { models, notify, now } = ritualDeps(deps);
  return defineJob({
    id: RITUAL_DECISION_ID,
    event: ritualDecided,
    key: (data) => data.improverAgentId,
    throttleMs: 0,
    retry: RITUAL_RETRY,
    handler: async (data, { step }) => {
      const ritual = await ritualDomain();
      const advanced = await step.run("advance", () => ritual.advanceRitual(data.sessionId, { ...models, notify, now }));
      return { sessionId: data.sessionId, decision: data.decision, status: advanced.status };
    },
  });
}

export const ritualDecision = createRitualDecisionFunction();
