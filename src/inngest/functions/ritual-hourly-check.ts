/**
 * ritual-hourly-check — every hour: start the rituals that are due and expire the ones nobody
 * decided (features/rituals/server/hourly-check.ts: runHourlyCheck).
 *
 * What one check does: creates missing improvers (ensureAllImprovers), then one
 * `ritual/wake.requested` (reason "scheduled") per active improver whose scheduledWakeAt passed —
 * a missed hour (the server was down) is caught up at the next check — and one `ritual/decided`
 * (decision "expired") per ritual still awaiting review past its deadline, and one `ritual/decided`
 * per ritual whose recorded decision it never acted on (findUnresumedDecisions). Sending twice is
 * harmless: wakes coalesce per improver, beginRitual moves scheduledWakeAt forward at once, and
 * every ritual transition is idempotent.
 *
 * Embedded runner (`createRitualHourlyCheckTask`): a periodic task of the runner, once shortly
 * after start (15 s) and then every hour; the events go straight into this runner's queue
 * (`runner.enqueueEvent`, what sendEvent does without Inngest). Errors are logged; the next tick
 * tries again.
 *
 * Inngest (`createRitualHourlyCheckFunction`): a cron function `0 * * * *`; steps: `check`
 * (collects the due improvers and expired rituals) → `fan-out` (step.sendEvent, one event each).
 */
import { cron } from "inngest";
import type { PeriodicTask } from "../local/embedded-runner";
import { ritualDecided, ritualWakeRequested, type RitualDecidedData, type RitualWakeRequestedData } from "../events";
import { inngest } from "../client";

export const RITUAL_HOURLY_CHECK_ID = "ritual-hourly-check";
export const HOURLY_CHECK_CRON = "0 * * * *";
const HOUR_MS = 3_600_000;

const hourlyCheck = () => import("@/features/rituals/server/hourly-check");

/** One check, collecting the events each driver then sends its own way. */
async function collect(now: Date, createImprovers: boolean) {
  const wakes: RitualWakeRequestedData[] = [];
  const expired: RitualDecidedData[] = [];
  const resumed: RitualDecidedData[] = [];
  const counts = await (
    await hourlyCheck()
  ).runHourlyCheck(
    {
      requestRitual: async (d) => void wakes.push({ workspaceId: d.workspaceId, improverAgentId: d.improverAgentId, reason: d.reason }),
      announceExpiry: async (e) => void expired.push({ workspaceId: e.workspaceId, sessionId: e.sessionId, improverAgentId: e.improverAgentId, decision: "expired" }),
      announceDecision: async (u) => void resumed.push({ workspaceId: u.workspaceId, sessionId: u.sessionId, improverAgentId: u.improverAgentId, decision: u.decision }),
    },
    now,
    { createImprovers },
  );
  return { improversCreated: counts.improversCreated, wakes, decisions: [...expired, ...resumed], expired: expired.length, resumed: resumed.length };
}

/** `createImprovers: false` skips the catch-up over every workspace (tests share one database). */
type CheckOptions = { now?: () => Date; createImprovers?: boolean };

export function createRitualHourlyCheckTask({ everyMs = HOUR_MS, firstAfterMs = 15_000, now = () => new Date(), createImprovers = true }: { everyMs?: number; firstAfterMs?: number } & CheckOptions = {}): PeriodicTask {
  return {
    name: RITUAL_HOURLY_CHECK_ID,
    everyMs,
    firstAfterMs,
    run: async (runner) => {
      const found = await collect(now(), createImprovers);
      for (const data of found.wakes) await runner.enqueueEvent({ name: ritualWakeRequested.name, data });
      for (const data of found.decisions) await runner.enqueueEvent({ name: ritualDecided.name, data });
      return { improversCreated: found.improversCreated, due: found.wakes.length, expired: found.expired, resumed: found.resumed };
    },
  };
}

export function createRitualHourlyCheckFunction({ now = () => new Date(), createImprovers = true }: CheckOptions = {}) {
  return inngest.createFunction({ id: RITUAL_HOURLY_CHECK_ID, triggers: [cron(HOURLY_CHECK_CRON)], concurrency: { limit: 1 }, retries: 2 }, async ({ step }) => {
    const found = await step.run("check", () => collect(now(), createImprovers));
    const events = [...found.wakes.map((data) => ({ name: ritualWakeRequested.name, data })), ...found.decisions.map((data) => ({ name: ritualDecided.name, data }))];
    if (events.length) await step.sendEvent("fan-out", events);
    return { improversCreated: found.improversCreated, due: found.wakes.length, expired: found.expired, resumed: found.resumed };
  });
}

export const ritualHourlyCheckTask = createRitualHourlyCheckTask();
export const ritualHourlyCheck = createRitualHourlyCheckFunction();
