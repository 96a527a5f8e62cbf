// The feedback slice's public server API: what other slices, pages, routes and jobs may call.
// Everything else under server/ is internal to the slice (enforced by lint).
export { getFeedbackBreakdown, getWaitingFeedback, type WaitingFeedback } from "./queries";
export { classifyPendingFeedback } from "./classify-pending";
export { runFeedbackPipeline } from "./run-feedback-pipeline";
export { type CategoryCounts, type FeedbackPattern, type FeedbackSummary } from "./summarize-feedback";
export { correctFeedbackLabels, type CorrectFeedbackLabelsResult } from "./correct-feedback-labels";
export { adaptClassifier, getLatestAdaptation, type AdaptClassifierResult } from "./adapt-classifier";
export { listLabelQueue, countLabelQueue, listRecentWrittenFeedback, getItemLabels, getLabelsBySource, type LabelledItem } from "./label-queries";
