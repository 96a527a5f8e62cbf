import { AppError } from "@/server/errors";
import { errorFields, logger } from "@/server/logger";
import { agentWakeRequested, appEvents, ritualDecided, ritualWakeRequested, type AgentWakeRequestedData, type AppEvent, type RitualDecidedData, type RitualWakeRequestedData } from "./events";
import { inngest, inngestEnabled } from "./inngest";
import { getEmbeddedRunner } from "./runner";

/**
 * Sends a job event to whichever driver is configured. Call it AFTER the transaction that made
 * the change commits: a rolled-back change must not wake anyone. Without Inngest the job is a row
 * in Postgres, so this works in a process whose runner is not started.
 */
export async function sendEvent(event: AppEvent): Promise<void> {
  const parsed = appEvents[event.name].schema.safeParse(event.data);
  if (!parsed.success) {
    logger.error("jobs: invalid event payload", { event: event.name, error: parsed.error.message });
    throw new AppError("INTERNAL", "Could not queue background work.", { cause: parsed.error });
  }
  try {
    if (inngestEnabled) await inngest.send({ name: event.name, data: parsed.data });
    else await getEmbeddedRunner().enqueueEvent({ name: event.name, data: parsed.data });
  } catch (e) {
    logger.error("jobs: could not send an event", { event: event.name, ...errorFields(e) });
    throw new AppError("INTERNAL", "Could not queue background work. Please try again.", { cause: e });
  }
}

/** Asks for a wake of a task agent (coalesced and throttled per agent; "manual" skips the throttle). */
export function requestAgentWake(data: AgentWakeRequestedData) {
  return sendEvent({ name: agentWakeRequested.name, data });
}

/** Asks for an improver's ritual (single-flight per improver; scheduled by the hourly check or "Run ritual now"). */
export function requestRitual(data: RitualWakeRequestedData) {
  return sendEvent({ name: ritualWakeRequested.name, data });
}

/** Resumes a ritual waiting for a decision (after approve/reject, or when it expired). */
export function announceRitualDecision(data: RitualDecidedData) {
  return sendEvent({ name: ritualDecided.name, data });
}
