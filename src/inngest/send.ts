import { db, type Tx } from "@/server/db";
import { AppError } from "@/server/errors";
import { errorFields, logger } from "@/server/logger";
import { agentWakeRequested, appEvents, feedbackWritten, ritualWakeRequested, type AgentWakeRequestedData, type AppEvent, type RitualWakeRequestedData } from "./events";
import { deliverOutbox, stageEvent } from "./outbox";

/**
 * Sends a job event to whichever driver is configured, through the outbox: the event is written
 * (its own small transaction), then delivered at once. Call it AFTER the change that causes it has
 * committed — or, better, stage the event in that very transaction (`stageEvent`) and call
 * `deliverOutbox({ ids })` after the commit. An invalid payload is a programming error and throws; a
 * failed delivery does not (the relay retries it), so a committed change never answers an error.
 */
export async function sendEvent(event: AppEvent): Promise<void> {
  const parsed = appEvents[event.name].schema.safeParse(event.data);
  if (!parsed.success) {
    logger.error("jobs: invalid event payload", { event: event.name, error: parsed.error.message });
    throw new AppError("INTERNAL", "Could not queue background work.", { cause: parsed.error });
  }
  let id: string;
  try {
    id = await db.$transaction((t) => stageEvent(t, { name: event.name, data: parsed.data } as AppEvent));
  } catch (e) {
    logger.error("jobs: could not write an event", { event: event.name, ...errorFields(e) });
    throw new AppError("INTERNAL", "Could not queue background work. Please try again.", { cause: e });
  }
  await deliverOutbox({ ids: [id] });
}

/** Asks for a wake of a task agent (coalesced and throttled per agent; "manual" skips the throttle). */
export function requestAgentWake(data: AgentWakeRequestedData) {
  return sendEvent({ name: agentWakeRequested.name, data });
}

/** The same wake, staged in the caller's transaction: deliver its id with `deliverOutbox` after the commit. */
export function stageAgentWake(t: Tx, data: AgentWakeRequestedData) {
  return stageEvent(t, { name: agentWakeRequested.name, data });
}

/** Asks for an improver's ritual (single-flight per improver; scheduled by the hourly check or "Run ritual now"). */
export function requestRitual(data: RitualWakeRequestedData) {
  return sendEvent({ name: ritualWakeRequested.name, data });
}

/** Written feedback of this workspace waits for the classifier (the minute's cron would find it too; this is sooner). */
export function requestFeedbackClassification(workspaceId: string) {
  return sendEvent({ name: feedbackWritten.name, data: { workspaceId } });
}

/**
 * Where the Inngest client's sends go without an Inngest server (client.ts's middleware): a
 * function's `step.sendEvent` writes its events to the outbox in one transaction and delivers them.
 * Unlike `sendEvent`, a failure throws — the step is retried, and its memoized result means events
 * are written once.
 */
export async function sendEvents(events: { name: string; data: unknown }[]): Promise<{ ids: string[] }> {
  const unknown = events.find((e) => !(e.name in appEvents));
  if (unknown) throw new AppError("INTERNAL", `Unknown event "${unknown.name}".`);
  // stageEvent validates each payload against its schema; an invalid one rolls the batch back.
  const ids = await db.$transaction(async (t) => {
    const written: string[] = [];
    for (const event of events as AppEvent[]) written.push(await stageEvent(t, event));
    return written;
  });
  await deliverOutbox({ ids });
  return { ids };
}
