/**
 * replay-check — the replay check of a new proposal (features/replay/server/run-replay-check.ts):
 * last week's recorded runs of the template played again with the proposed directives and with the
 * head, scored against what people decided.
 *
 * Trigger: `proposal/recorded` { workspaceId, proposalId }, staged in the transaction that records
 * the proposal (chat or ritual).
 *
 * Steps: `replay` — one step (the check writes its progress and result on its own row; a retry
 * starts it over). Flow control: concurrency 1 per workspace (checks of one workspace take turns:
 * they share its model budget), retries 1.
 */
import { inngest } from "../client";
import { proposalRecorded } from "../events";
import { REPLAY_CHECK_ID } from "./ids";
import type { RefineModels } from "@/features/runtime/server";

export { REPLAY_CHECK_ID };

export function createReplayCheckFunction({ models, id = REPLAY_CHECK_ID, sampleSize }: { models?: Partial<RefineModels>; id?: string; sampleSize?: number } = {}) {
  return inngest.createFunction({ id, triggers: [proposalRecorded], concurrency: { key: "event.data.workspaceId", limit: 1 }, retries: 1 }, async ({ event, step }) =>
    step.run("replay", async () => {
      const { runReplayCheck } = await import("@/features/replay/server");
      const result = await runReplayCheck({ workspaceId: event.data.workspaceId, proposalId: event.data.proposalId, models, sampleSize });
      return { status: result.status };
    }),
  );
}

export const replayCheck = createReplayCheckFunction();
