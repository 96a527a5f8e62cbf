// The functions' ids, apart from their definitions: the runtime's read models look runs up by id
// without importing the workflows (which import the slices' services).
export const TASK_AGENT_WAKE_ID = "task-agent-wake";
export const IMPROVER_RITUAL_ID = "improver-ritual";
export const RITUAL_HOURLY_CHECK_ID = "ritual-hourly-check";
export const CLASSIFY_FEEDBACK_ID = "classify-feedback";
export const REPLAY_CHECK_ID = "replay-check";
export const ADAPT_CLASSIFIER_ID = "adapt-classifier";
export const DELIVER_WEBHOOK_ID = "deliver-webhook";
