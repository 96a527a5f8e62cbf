import { notePendingWakeReason } from "@/features/agents/server";
import { db, type Tx } from "@/server/db";
import { AppError } from "@/server/errors";
import { errorFields, logger } from "@/server/logger";
import { agentDeleted, agentWakeRequested, appEvents, feedbackWritten, ritualWakeRequested, templateDeleted, type AgentDeletedData, type AgentWakeRequestedData, type AppEvent, type RitualWakeRequestedData, type TemplateDeletedData } from "./events";
import { deliverOutbox, stageEvent } from "./outbox";

/**
 * Sends a job event to whichever driver is configured, through the outbox: the event is written
 * (its own small transaction), then delivered at once. Call it AFTER the change that causes it has
 * committed — or, better, stage the event in that very transaction (`stageEvent`) and call
 * `deliverOutbox({ ids })` after the commit. An invalid payload is a programming error and throws; a
 * failed delivery does not (the relay retries it), so a committed change never answers an error.
 */
export async function sendEvent(event: AppEvent): Promise<void> {
  return sendStaged(event, (t, valid) => stageEvent(t, valid));
}

/** sendEvent with the staging done by `stage` (which may write more in the same transaction). */
async function sendStaged(event: AppEvent, stage: (t: Tx, event: AppEvent) => Promise<string>): Promise<void> {
  const parsed = appEvents[event.name].schema.safeParse(event.data);
  if (!parsed.success) {
    logger.error("jobs: invalid event payload", { event: event.name, error: parsed.error.message });
    throw new AppError("INTERNAL", "Could not queue background work.", { cause: parsed.error });
  }
  let id: string;
  try {
    id = await db.$transaction((t) => stage(t, { name: event.name, data: parsed.data } as AppEvent));
  } catch (e) {
    logger.error("jobs: could not write an event", { event: event.name, ...errorFields(e) });
    throw new AppError("INTERNAL", "Could not queue background work. Please try again.", { cause: e });
  }
  await deliverOutbox({ ids: [id] });
}

/** Asks for a wake of a task agent (coalesced and throttled per agent; "manual" skips the throttle). */
export function requestAgentWake(data: AgentWakeRequestedData) {
  return sendStaged({ name: agentWakeRequested.name, data }, (t) => stageAgentWake(t, data));
}

/**
 * The same wake, staged in the caller's transaction: deliver its id with `deliverOutbox` after the
 * commit. Its reason joins the agent's pending burst (agents: notePendingWakeReason), so the run
 * that absorbs a burst records its most important reason on both drivers.
 */
export async function stageAgentWake(t: Tx, data: AgentWakeRequestedData) {
  await notePendingWakeReason(t, data.agentId, data.reason);
  return stageEvent(t, { name: agentWakeRequested.name, data });
}

/** Asks for an improver's ritual (single-flight per improver; scheduled by the hourly check or "Run ritual now"). */
export function requestRitual(data: RitualWakeRequestedData) {
  return sendEvent({ name: ritualWakeRequested.name, data });
}

/**
 * For the path that deletes an agent or a template (none exists yet: agents are paused, templates
 * kept): stage these in the deleting transaction and deliver them after the commit, so the runs in
 * flight for what is gone are cancelled (the functions' `cancelOn`) instead of failing on missing rows.
 */
export function stageAgentDeleted(t: Tx, data: AgentDeletedData) {
  return stageEvent(t, { name: agentDeleted.name, data });
}

/** See stageAgentDeleted. The template's improvers go with it (cascade); this one event cancels their rituals. */
export function stageTemplateDeleted(t: Tx, data: TemplateDeletedData) {
  return stageEvent(t, { name: templateDeleted.name, data });
}

/** Written feedback of this workspace waits for the classifier (the minute's cron would find it too; this is sooner). */
export function requestFeedbackClassification(workspaceId: string) {
  return sendEvent({ name: feedbackWritten.name, data: { workspaceId } });
}

/**
 * Where the Inngest client's sends go without an Inngest server (client.ts's middleware): a
 * function's `step.sendEvent` writes its events to the outbox in one transaction and delivers them.
 * Unlike `sendEvent`, a failure throws — the step is retried, and its memoized result means events
 * are written once (and an event with its own id is written once whatever happens).
 */
export async function sendEvents(events: { name: string; data: unknown; id?: string }[]): Promise<{ ids: string[] }> {
  const unknown = events.find((e) => !(e.name in appEvents));
  if (unknown) throw new AppError("INTERNAL", `Unknown event "${unknown.name}".`);
  // stageEvent validates each payload against its schema; an invalid one rolls the batch back. An
  // event's own id (event-ids.ts) becomes the row id: sent twice, it is written and run once.
  const ids = await db.$transaction(async (t) => {
    const written: string[] = [];
    for (const event of events as (AppEvent & { id?: string })[]) written.push(await stageEvent(t, event, { id: event.id }));
    return written;
  });
  await deliverOutbox({ ids });
  return { ids };
}
