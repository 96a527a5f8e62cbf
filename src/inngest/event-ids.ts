// Event ids that Inngest deduplicates on (a second event with an id it has seen within 24 hours is
// ignored) and the outbox too (stageEvent: the id is the row's). Every event the app sends has one:
// the outbox row's id for what a request stages, and these for what a function sends itself, so
// a check that runs twice — a retry of its step, a second process, the next cron tick in the same
// hour — asks for each piece of work once.

const HOUR_MS = 3_600_000;
const iso = (at: Date | string) => new Date(at).toISOString();

/** An improver's scheduled ritual: one per improver and due time (beginRitual then moves the due time on). */
export function ritualWakeEventId(improverAgentId: string, scheduledWakeAt: Date | string) {
  return `ritual-wake-${improverAgentId}-${iso(scheduledWakeAt)}`;
}

/** A stuck ritual's "resume": at most one per session and hour, so a resume that did not help is tried again at the next check. */
export function ritualResumeEventId(sessionId: string, checkedAt: Date | string) {
  return `ritual-resume-${sessionId}-${iso(new Date(Math.floor(new Date(checkedAt).getTime() / HOUR_MS) * HOUR_MS))}`;
}

/** A classification run's continuation: one per run. */
export function feedbackContinueEventId(runId: string) {
  return `feedback-continue-${runId}`;
}
