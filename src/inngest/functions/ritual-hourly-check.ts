/**
 * ritual-hourly-check — every hour (cron `0 * * * *`): start the rituals that are due and hand on
 * the ones nobody is driving (features/rituals/server/hourly-check.ts: runHourlyCheck).
 *
 * Steps:
 *  1. `check` — creates missing improvers, then collects every active improver whose
 *     scheduledWakeAt passed (a missed hour — the server was down — is caught up at the next
 *     check) and every stuck ritual: past its deadline with nobody ending it, or decided but never
 *     acted on (its run missed the event, or failed for good).
 *  2. `fail-stalled` — a ritual still preparing, analyzing or proposing with no progress for an
 *     hour (STALLED_AFTER_MS: its run died with the process, or a step never returned) ends
 *     `failed` with the reason, and its members are told once (failStalledRituals).
 *  3. `probations` — every open probation is measured again; harm found ends it harm_detected
 *     (members told, a rollback proposed at the next ritual), a passed window graduates it
 *     (features/probation: checkProbations). Before the fan-out, so a ritual starting now sees it.
 *  4. `fan-out` — step.sendEvent: `ritual/wake.requested` with reason "scheduled" per due improver
 *     and "resume" per stuck ritual. Memoized, so a retry never sends twice. Each event has a
 *     deterministic id (event-ids.ts) that Inngest and the outbox deduplicate: the scheduled wake
 *     `ritual-wake-<improverId>-<scheduledWakeAt>` (a second check before beginRitual moved the due
 *     time asks for the same ritual, once), the resume `ritual-resume-<sessionId>-<hour>` (once an
 *     hour). Sending again later is harmless anyway (beginRitual moves scheduledWakeAt forward at
 *     once; a resumed ritual's transitions are idempotent).
 *
 * Flow control: concurrency 1 (one check at a time across the app), retries 2.
 */
import { cron } from "inngest";
import { inngest } from "../client";
import { ritualResumeEventId, ritualWakeEventId } from "../event-ids";
import { ritualWakeRequested, type RitualWakeRequestedData } from "../events";
import { RITUAL_HOURLY_CHECK_ID } from "./ids";

export { RITUAL_HOURLY_CHECK_ID };

export const HOURLY_CHECK_CRON = "0 * * * *";

/** `createImprovers: false` skips the catch-up over every workspace (tests share one database). */
export function createRitualHourlyCheckFunction({ now = () => new Date(), createImprovers = true, id = RITUAL_HOURLY_CHECK_ID }: { now?: () => Date; createImprovers?: boolean; id?: string } = {}) {
  return inngest.createFunction({ id, triggers: [cron(HOURLY_CHECK_CRON)], concurrency: { limit: 1 }, retries: 2 }, async ({ step }) => {
    const found = await step.run("check", async () => {
      const { runHourlyCheck } = await import("@/features/rituals/server");
      return runHourlyCheck(now(), { createImprovers });
    });
    const stalled = await step.run("fail-stalled", async () => {
      const { failStalledRituals, notifyRitual } = await import("@/features/rituals/server");
      return failStalledRituals(notifyRitual, now());
    });
    const probations = await step.run("probations", async () => {
      const { checkProbations } = await import("@/features/probation/server");
      return checkProbations(now());
    });
    const wakes: { id: string; data: RitualWakeRequestedData }[] = [
      ...found.due.map((d) => ({
        id: ritualWakeEventId(d.improverAgentId, d.scheduledWakeAt),
        data: { workspaceId: d.workspaceId, improverAgentId: d.improverAgentId, reason: "scheduled" as const, ...(d.templateId ? { templateId: d.templateId } : {}) },
      })),
      ...found.stuck.map((s) => ({
        id: ritualResumeEventId(s.sessionId, found.checkedAt),
        data: { workspaceId: s.workspaceId, improverAgentId: s.improverAgentId, reason: "resume" as const, templateId: s.templateId },
      })),
    ];
    if (wakes.length) await step.sendEvent("fan-out", wakes.map(({ id, data }) => ({ id, name: ritualWakeRequested.name, data })));
    return { improversCreated: found.improversCreated, due: found.due.length, stuck: found.stuck.length, stalled, probations };
  });
}

export const ritualHourlyCheck = createRitualHourlyCheckFunction();
