/**
 * adapt-classifier — retrains a workspace's adaptation of the built-in classifier after its
 * members corrected labels (features/feedback/server/adapt-classifier.ts: adaptClassifier).
 *
 * Trigger: `feedback/corrected` { workspaceId }, staged with every correction or confirmation.
 *
 * Steps:
 *  1. `adapt` — when ADAPT_AFTER_CORRECTIONS corrections came since the last version: trains the
 *     next version on the workspace's corrections, measures it against the shipped model on held-out
 *     corrections, makes it active only when it is better (otherwise the workspace goes back to the
 *     shipped model), and relabels the workspace's model-labelled items that change. Fewer
 *     corrections: nothing (the next batch's event tries again).
 *
 * Flow control: debounce 1 min per workspace (timeout 10 min): a person working through the
 * "Check labels" queue is one retrain, with the last event; concurrency 1 per workspace; retries 1.
 */
import { inngest } from "../client";
import { feedbackCorrected } from "../events";
import { ADAPT_CLASSIFIER_ID } from "./ids";

export { ADAPT_CLASSIFIER_ID };

export function createAdaptClassifierFunction({ id = ADAPT_CLASSIFIER_ID, builtIn, debounce = true }: { id?: string; builtIn?: boolean; debounce?: boolean } = {}) {
  return inngest.createFunction(
    {
      id,
      triggers: [feedbackCorrected],
      concurrency: { key: "event.data.workspaceId", limit: 1 },
      ...(debounce ? { debounce: { key: "event.data.workspaceId", period: "1m" as const, timeout: "10m" as const } } : {}),
      retries: 1,
    },
    async ({ event, step }) =>
      step.run("adapt", async () => {
        const { adaptClassifier } = await import("@/features/feedback/server");
        return adaptClassifier({ workspaceId: event.data.workspaceId, builtIn });
      }),
  );
}

export const adaptClassifierFn = createAdaptClassifierFunction();
