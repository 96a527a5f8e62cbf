/**
 * replay-check — the replay check of a new proposal (features/replay): last week's recorded runs of
 * the template played again with the proposed directives and with the head, scored against what
 * people decided.
 *
 * Trigger: `proposal/recorded` { workspaceId, proposalId }, staged in the transaction that records
 * the proposal (chat or ritual).
 *
 * Steps:
 *  1. `plan` — which way the runs are played: here (the product runs the template's agents), by the
 *     template's replay endpoint (its agents run in the team's own code), or not at all (the check
 *     is stored with the reason).
 *  2. Agents run here: `replay` — one step (runReplayCheck writes its progress and result on its
 *     own row and stores a failure itself; a retry starts it over).
 *  3. External agents: `run 1` … `run N` — one step per sampled run (the endpoint called for both
 *     sides), so a retry replays only the run that failed: an answer another attempt may change (a
 *     timeout, 429, 5xx) is retried after the endpoint's Retry-After or the engine's backoff, any
 *     other is final. New runs stop once the check's token budget is spent. Then `finish` (scores),
 *     or `failed` (the reason on the card) when a run's attempts are exhausted.
 *
 * Flow control: concurrency 1 per workspace (checks of one workspace take turns: they share its
 * model budget, and an endpoint gets at most two calls at once), retries 3 (the external steps; the
 * internal step never throws).
 */
import { NonRetriableError, RetryAfterError } from "inngest";
import { inngest } from "../client";
import { proposalRecorded } from "../events";
import { REPLAY_CHECK_ID } from "./ids";
import type { RunStep } from "@/features/replay/server";
import type { RefineModels } from "@/features/runtime/server";

export { REPLAY_CHECK_ID };

/** Before a retry when the endpoint names no Retry-After. */
const EXTERNAL_RETRY_DELAY_MS = 20_000;

export function createReplayCheckFunction({ models, id = REPLAY_CHECK_ID, sampleSize }: { models?: Partial<RefineModels>; id?: string; sampleSize?: number } = {}) {
  return inngest.createFunction({ id, triggers: [proposalRecorded], concurrency: { key: "event.data.workspaceId", limit: 1 }, retries: 3 }, async ({ event, step }) => {
    const { workspaceId, proposalId } = event.data;
    const replay = () => import("@/features/replay/server");
    const plan = await step.run("plan", async () => (await replay()).planReplayCheck({ workspaceId, proposalId, sampleSize }));
    if (plan.mode === "internal") {
      return step.run("replay", async () => ({ status: (await (await replay()).runReplayCheck({ workspaceId, proposalId, models, sampleSize })).status }));
    }
    if (plan.mode !== "external") return { status: plan.mode === "done" ? "done" : "skipped" };

    // One step per run: a call another attempt may change (a timeout, 429, 5xx) is retried after the
    // endpoint's Retry-After or EXTERNAL_RETRY_DELAY_MS; any other failure is final.
    const asStep: RunStep = async (name, work) =>
      (await step.run(name, async () => {
        const { ReplayCallError } = await replay();
        try {
          return await work();
        } catch (e) {
          if (!(e instanceof ReplayCallError)) throw e;
          if (!e.retryable) throw new NonRetriableError(e.message);
          throw new RetryAfterError(e.message, e.retryAfterMs ?? EXTERNAL_RETRY_DELAY_MS);
        }
      })) as Awaited<ReturnType<typeof work>>; // a step's output is its result as JSON (memoized), which is what these results are made of
    return (await replay()).replayExternalRuns(plan, { workspaceId, proposalId, models }, asStep);
  });
}

export const replayCheck = createReplayCheckFunction();
