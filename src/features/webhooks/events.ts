// The events a workspace's webhooks can receive. Pure: the settings form and the server read it.

export const WEBHOOK_EVENTS = [
  "proposal.ready_for_review",
  "version.promoted",
  "probation.harm_detected",
  "probation.graduated",
  "ritual.failed",
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

/** The event "Send test event" delivers: never subscribed to, always accepted. */
export const WEBHOOK_TEST_EVENT = "webhook.test";
export type DeliveredEvent = WebhookEvent | typeof WEBHOOK_TEST_EVENT;

/** What each event means, in words (the settings form's checkboxes, the delivery log). */
export const WEBHOOK_EVENT_WORDS: Record<DeliveredEvent, { label: string; hint: string }> = {
  "proposal.ready_for_review": { label: "Proposal ready for review", hint: "a weekly ritual proposes new directives and waits for a decision" },
  "version.promoted": { label: "Version promoted", hint: "a new version of a template's directives became active" },
  "probation.harm_detected": { label: "Probation: harm detected", hint: "a promoted version looks worse than the one it replaced" },
  "probation.graduated": { label: "Probation: graduated", hint: "a promoted version passed its probation; every instance runs it" },
  "ritual.failed": { label: "Ritual failed", hint: "a weekly ritual could not finish" },
  [WEBHOOK_TEST_EVENT]: { label: "Test event", hint: "sent with “Send test event”" },
};

/** Attempts per delivery: the first and up to 5 retries, spaced by the workflow engine's backoff (10 s, 20 s, 40 s…) or the receiver's Retry-After. */
export const WEBHOOK_MAX_ATTEMPTS = 6;
/** A receiver has this long to answer an attempt. */
export const WEBHOOK_TIMEOUT_MS = 10_000;
/** Endpoints per workspace. */
export const MAX_WEBHOOKS_PER_WORKSPACE = 20;
