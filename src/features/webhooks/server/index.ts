export { attemptWebhookDelivery, type AttemptEntry, type AttemptOutcome } from "./deliver";
export { allowPrivateWebhookTargets, createWebhook, deleteWebhook, listWebhooks, setWebhookEnabled } from "./endpoints";
export { emitWebhookEvent, stageWebhookEvent, type WebhookDescription, type WebhookEventInput } from "./enqueue";
export { sendTestWebhook } from "./test-event";
export { emitProbationEvent, emitRitualEvent, stageVersionPromoted } from "./domain-events";
export { postWebhook, type SendResult } from "./send";
export { webhookUrlProblem } from "./address-policy";
export { newWebhookSecret, webhookHeaders } from "./signing";
