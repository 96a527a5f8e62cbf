import "server-only";
import { aggregateFeedback } from "./aggregate-feedback";
import { classifyObservations, type ClassifyObservationsInput, type ClassifyObservationsResult } from "./classify-observations";
import { extractFeedback, type ExtractFeedbackResult } from "./extract-feedback";
import type { FeedbackSummary } from "./summarize-feedback";
import type { FeedbackWindow } from "./window";

// Extract → classify → aggregate for one template and window (what a one-on-one or a ritual
// reads). The counter window is fixed by extraction (coveredUntilCounter), so classification and
// the stored aggregate cover exactly the same source rows, and a caller (one-on-one, ritual)
// acknowledges that counter.

export type RunFeedbackPipelineInput = FeedbackWindow & Pick<ClassifyObservationsInput, "model" | "useModel" | "batchSize" | "maxModelItems" | "retry">;

export type RunFeedbackPipelineResult = {
  classifiedFeedbackId: string;
  sinceCounter: number;
  /** Acknowledge this counter once the feedback was used (lastAcknowledgedCounter). */
  coveredUntilCounter: number;
  summary: FeedbackSummary;
  extract: ExtractFeedbackResult;
  classify: ClassifyObservationsResult;
};

export async function runFeedbackPipeline(input: RunFeedbackPipelineInput): Promise<RunFeedbackPipelineResult> {
  const sinceCounter = input.sinceCounter ?? 0;
  const extract = await extractFeedback({ ...input, sinceCounter });
  const window: FeedbackWindow = { ...input, sinceCounter, untilCounter: input.untilCounter ?? extract.coveredUntilCounter };
  const classify = await classifyObservations({ ...input, ...window });
  const { id, ...summary } = await aggregateFeedback({
    workspaceId: input.workspaceId,
    templateId: input.templateId,
    sinceCounter,
    untilCounter: window.untilCounter!,
    windowStart: input.since ?? null,
    windowEnd: input.until,
  });
  return { classifiedFeedbackId: id, sinceCounter, coveredUntilCounter: window.untilCounter!, summary, extract, classify };
}
