/**
 * classify-feedback — labels written feedback shortly after it is written
 * (features/feedback/server/classify-pending.ts: classifyPendingFeedback).
 *
 * Triggers:
 *  - `feedback/written` { workspaceId? }, sent after a task agent's wake, an observation posted to
 *    the API, a decision with a reason: that workspace's waiting texts (no workspaceId: every workspace's);
 *  - cron every minute: every workspace's (what no event announced: the seed, bulk SQL, a text
 *    whose first try failed).
 *
 * Steps:
 *  1. `classify` — up to MAX_ITEMS_PER_RUN texts, oldest first, in batches of 25 to the classifier
 *     model; each label is stored and its marker removed in one statement; a failure leaves the
 *     texts waiting with one more attempt counted, and stops the run.
 *  2. `continue` — when texts are left and nothing failed: `feedback/written` again, so a backlog
 *     (a migration's re-classification) drains run after run without waiting for the cron. Its event
 *     id is `feedback-continue-<runId>`: one continuation per run, whatever is retried.
 *
 * Flow control: concurrency 1 (one classification at a time across the app: no text is sent
 * twice by racing runs), retries 0 (a failure is recorded on the texts and the next run retries).
 */
import type { LanguageModel } from "ai";
import { cron } from "inngest";
import { inngest } from "../client";
import { feedbackContinueEventId } from "../event-ids";
import { feedbackWritten, FeedbackWrittenData } from "../events";
import { CLASSIFY_FEEDBACK_ID } from "./ids";

export { CLASSIFY_FEEDBACK_ID };

export const CLASSIFY_FEEDBACK_CRON = "* * * * *";

type ClassifyDeps = { model?: LanguageModel; id?: string; cron?: boolean };

/** `cron: false` leaves out the every-minute trigger (tests share one database). */
export function createClassifyFeedbackFunction({ model, id = CLASSIFY_FEEDBACK_ID, cron: withCron = true }: ClassifyDeps = {}) {
  const triggers = withCron ? [feedbackWritten, cron(CLASSIFY_FEEDBACK_CRON)] : [feedbackWritten];
  return inngest.createFunction({ id, triggers, concurrency: { limit: 1 }, retries: 0 }, async ({ event, step, runId }) => {
    // A cron run (no event data) labels every workspace's texts.
    const workspaceId = (event.name as string) === feedbackWritten.name ? FeedbackWrittenData.parse(event.data).workspaceId : undefined;
    const result = await step.run("classify", async () => {
      const { classifyPendingFeedback } = await import("@/features/feedback/server");
      return classifyPendingFeedback({ workspaceId, model });
    });
    if (result.pending > 0 && !result.failure && result.modelCalls > 0) {
      await step.sendEvent("continue", { id: feedbackContinueEventId(runId), name: feedbackWritten.name, data: workspaceId ? { workspaceId } : {} });
    }
    return result;
  });
}

export const classifyFeedback = createClassifyFeedbackFunction();
