// The rituals slice's public server API: what other slices, pages, routes and jobs may call.
// Everything else under server/ is internal to the slice (enforced by lint).
export { advanceRitual } from "./advance-ritual";
export { beginRitual, type BeginResult } from "./begin-ritual";
export { createTemplateWithImprover } from "./create-template-with-improver";
export { failRitual, failStalledRituals, STALLED_AFTER_MS } from "./fail-ritual";
export { runHourlyCheck } from "./hourly-check";
export { notifyRitual, reviewPath } from "./notify-ritual";
export { getRitualReview, getScheduleOverview, getTemplateRitualPanel, type RitualReview } from "./queries";
export { DECISION_TIMEOUT_MS, MAX_RITUAL_ROUNDS, RITUAL_MIN_FEEDBACK, type Notifier, type RitualModels } from "./ritual-state";
