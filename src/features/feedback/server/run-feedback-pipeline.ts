import "server-only";
import { aggregateFeedback } from "./aggregate-feedback";
import { classifyPendingFeedback, type ClassifyPendingInput, type ClassifyPendingResult } from "./classify-pending";
import { extractFeedback, type ExtractFeedbackResult } from "./extract-feedback";
import type { FeedbackSummary } from "./summarize-feedback";
import type { FeedbackWindow } from "./window";

// Catch up → extract → aggregate for one template and window (what a one-on-one or a ritual
// reads). Written texts are labeled by the background job shortly after they are written
// (inngest/functions/classify-feedback.ts), so the catch-up normally finds nothing: it labels what
// the job has not reached yet (the job was down, the text was written a moment ago). The counter
// window is then fixed by extraction (coveredUntilCounter, which stops before any text still
// waiting), so the stored aggregate covers exactly the rows extracted, and a caller (one-on-one,
// ritual) acknowledges that counter.

export type RunFeedbackPipelineInput = FeedbackWindow &
  Pick<ClassifyPendingInput, "model" | "batchSize" | "maxItems" | "retry"> & {
    /** false: no classifier call (what waits stays waiting; the window stops before it). */
    catchUp?: boolean;
  };

export type RunFeedbackPipelineResult = {
  classifiedFeedbackId: string;
  sinceCounter: number;
  /** Acknowledge this counter once the feedback was used (lastAcknowledgedCounter). */
  coveredUntilCounter: number;
  summary: FeedbackSummary;
  extract: ExtractFeedbackResult;
  classify: ClassifyPendingResult | null;
};

export async function runFeedbackPipeline(input: RunFeedbackPipelineInput): Promise<RunFeedbackPipelineResult> {
  const sinceCounter = input.sinceCounter ?? 0;
  const classify =
    input.catchUp === false ? null : await classifyPendingFeedback({ workspaceId: input.workspaceId, templateId: input.templateId, model: input.model, batchSize: input.batchSize, maxItems: input.maxItems, retry: input.retry });
  const extract = await extractFeedback({ ...input, sinceCounter });
  const untilCounter = extract.coveredUntilCounter;
  const { id, ...summary } = await aggregateFeedback({
    workspaceId: input.workspaceId,
    templateId: input.templateId,
    sinceCounter,
    untilCounter,
    windowStart: input.since ?? null,
    windowEnd: input.until,
  });
  return { classifiedFeedbackId: id, sinceCounter, coveredUntilCounter: untilCounter, summary, extract, classify };
}
