/**
 * improver-ritual — an improver's weekly (meta-improver: monthly) ritual, single-flight per improver.
 *
 * Trigger: `ritual/wake.requested` { workspaceId, improverAgentId, reason }, sent by the hourly
 * check when the improver's scheduledWakeAt passed (scheduled) or by "Run ritual now" (manual).
 *
 * The ritual is a state machine persisted on the evolution session (features/rituals/server/
 * ritual.ts): each transition reads the status under the session's row lock and is a no-op once
 * the session moved on, with the model's output written in the same transaction as the status
 * change, and notifications deduplicated. So every step below may run again after a crash or a
 * retry without a second version, proposal, note set or email. The two drivers differ in who
 * waits for the person's decision:
 *
 * Embedded runner (`createImproverRitualFunction`):
 *  1. `begin` — beginRitual: opens the session (or returns the ritual already open) and moves
 *     scheduledWakeAt to the next occurrence.
 *  2. `advance` — advanceRitual: prepare → threshold gate (skipped → finalize) → analyze →
 *     propose → notify "ready for review", and returns at awaiting_review. The job ends there; the
 *     decision (or the hourly check's expiry) resumes it through `ritual-decision`. A retry runs
 *     both steps again and continues from the persisted status.
 *
 * Inngest (`createImproverRitualInngestFunction`, written for Inngest because it waits):
 *  `begin` → `prepare` → (skipped: `finalize`) → `analyze` → `propose-0` → then per wait n:
 *  `notify-n` (review) → `decision-n` (step.waitForEvent `ritual/decided` for this session, 7 days)
 *  → a decision: `resume-n` (resumeAfterDecision; after a rejection the next round's proposal, or
 *  abandoned after MAX_RITUAL_ROUNDS) / a timeout or "expired": `expire-n` and `remind` → while
 *  still awaiting review, the next wait; else `finalize` (the post-ritual update and report).
 *  A second wake while a ritual is open returns at once: the run that opened it drives it.
 *
 * Semantics, both drivers: single-flight per improver — embedded: the job key is the improver;
 * Inngest: `concurrency { key: event.data.improverAgentId, limit: 1 }`. No throttle (a scheduled
 * wake is due once a week and begin is idempotent). Failures: 4 attempts (3 retries), 30 s ×
 * 2^(attempt-1) apart (Inngest: per step, through RetryAfterError).
 */
import { NonRetriableError } from "inngest";
import type { Notifier, RitualModels } from "@/features/rituals/server/ritual";
import type { EvolutionSessionStatus } from "@/generated/prisma/enums";
import { db } from "@/server/db";
import { errorFields, logger } from "@/server/logger";
import { defineJob, exponentialBackoff } from "../definition";
import { ritualDecided, ritualWakeRequested } from "../events";
import { inngest, withBackoff } from "../client";

export const IMPROVER_RITUAL_ID = "improver-ritual";

/** True when the session no longer waits: it moved on, or its proposal was already decided. */
async function decidedBeforeWait(sessionId: string): Promise<boolean> {
  const session = await db.evolutionSession.findUniqueOrThrow({ where: { id: sessionId }, select: { status: true } });
  if (session.status !== "awaiting_review") return true;
  return (await db.proposal.count({ where: { sessionId, status: { in: ["pending", "draft"] } } })) === 0;
}
export const RITUAL_RETRY = { maxAttempts: 4, backoffMs: exponentialBackoff({ baseMs: 30_000, maxMs: 30 * 60_000 }) };
export const RITUAL_CONCURRENCY = { key: "event.data.improverAgentId", limit: 1 };
/** Matches DECISION_TIMEOUT_MS: the wait starts just after the deadline was set, so it ends just after it. */
export const DECISION_WAIT = "7d";
/**
 * Waits per run. The domain ends a session after MAX_RITUAL_ROUNDS rejections; the extra waits
 * absorb decision events that change nothing (a reject refined in chat, a wait that ended a
 * moment before the deadline — the hourly check's "expired" event then ends the next one).
 */
export const MAX_DECISION_WAITS = 8;

/** What the ritual functions depend on; tests pass scripted models, a spy notifier and a clock. */
export type RitualJobDeps = {
  /** Default: the registry's models (ai/models.ts). */
  models?: RitualModels;
  /** Default: notifyRitual (in-app notification + email to the workspace's members). */
  notify?: Notifier;
  now?: () => Date;
};

// The domain is loaded on first use: importing the job list (route, instrumentation, tests) must
// not load the model registry and the feedback slice.
export const ritualDomain = () => import("@/features/rituals/server/ritual");
const defaultNotify: Notifier = async (input) => (await import("@/features/rituals/server/notify-ritual")).notifyRitual(input);

export function ritualDeps(deps: RitualJobDeps) {
  return { models: deps.models ?? {}, notify: deps.notify ?? defaultNotify, now: deps.now ?? (() => new Date()) };
}

export function createImproverRitualFunction(deps: RitualJobDeps = {}) {
  const { models, notify, now } = ritualDeps(deps);
  return defineJob({
    id: IMPROVER_RITUAL_ID,
    event: ritualWakeRequested,
    key: (data) => data.improverAgentId,
    throttleMs: 0,
    retry: RITUAL_RETRY,
    inngest: { concurrency: RITUAL_CONCURRENCY },
    handler: async (data, { step }) => {
      const ritual = await ritualDomain();
      const begun = await step.run("begin", () => ritual.beginRitual({ workspaceId: data.workspaceId, improverAgentId: data.improverAgentId, now: now() }));
      const { sessionId } = begun;
      if (!sessionId) return begun;
      const advanced = await step.run("advance", () => ritual.advanceRitual(sessionId, { ...models, notify, now }));
      return { ...begun, status: advanced.status };
    },
  });
}

export function createImproverRitualInngestFunction(deps: RitualJobDeps = {}) {
  const { models, notify, now } = ritualDeps(deps);
  return inngest.createFunction(
    { id: IMPROVER_RITUAL_ID, triggers: [ritualWakeRequested], concurrency: RITUAL_CONCURRENCY, retries: (RITUAL_RETRY.maxAttempts - 1) as 3 },
    async ({ event, step: tools, attempt }) => {
      const step = withBackoff(tools, RITUAL_RETRY.backoffMs(attempt + 1));
      const ritual = await ritualDomain();
      const { workspaceId, improverAgentId } = event.data;

      const begun = await step.run("begin", () => ritual.beginRitual({ workspaceId, improverAgentId, now: now() }));
      const { sessionId } = begun;
      if (!sessionId || !begun.started) return begun;

      /** A notice never fails the ritual: retried like any step, then logged on the last attempt. */
      const notifyStep = (id: string, kind: "review" | "reminder") =>
        step.run(id, async () => {
          try {
            await notify({ session: await db.evolutionSession.findUniqueOrThrow({ where: { id: sessionId } }), kind });
            return { notified: true };
          } catch (e) {
            if (e instanceof NonRetriableError || attempt + 1 >= RITUAL_RETRY.maxAttempts) {
              logger.error("ritual: notification failed", { sessionId, kind, ...errorFields(e) });
              return { notified: false };
            }
            throw e;
          }
        });

      const prepared = await step.run("prepare", () => ritual.prepareRitual(sessionId, models, now()));
      if (prepared.status !== "skipped") {
        await step.run("analyze", () => ritual.analyzeRitual(sessionId, models));
        let status: EvolutionSessionStatus = (await step.run("propose-0", () => ritual.proposeRitual(sessionId, models, now()))).status;
        for (let n = 0; status === "awaiting_review"; n++) {
          if (n === MAX_DECISION_WAITS) {
            logger.warn("ritual: stopped waiting for a decision", { sessionId, waits: n });
            break;
          }
          await notifyStep(`notify-${n}`, "review"); // once per round: the dedupe key carries the round
          // A decision made before this wait began (between the notice and the wait) would never
          // reach it: the database is checked first, and a settled session skips the wait.
          const settled = await step.run(`check-${n}`, () => decidedBeforeWait(sessionId));
          const decided = settled ? undefined : await tools.waitForEvent(`decision-${n}`, { event: ritualDecided, timeout: DECISION_WAIT, if: `async.data.sessionId == ${JSON.stringify(sessionId)}` });
          if (decided === null || decided?.data.decision === "expired") {
            const expired = await step.run(`expire-${n}`, () => ritual.expireRitual(sessionId, now()));
            if (expired.expired) await notifyStep("remind", "reminder");
            status = expired.status;
          } else {
            // The session's status, not the event, says what happened: approved → completed;
            // rejected → the next round's proposal (or abandoned after the last round).
            const resumed = await step.run(`resume-${n}`, async () => {
              const after = await ritual.resumeAfterDecision(sessionId, now());
              return after.status === "proposing" ? ritual.proposeRitual(sessionId, models, now()) : after;
            });
            status = resumed.status;
          }
        }
      }
      const finalized = await step.run("finalize", () => ritual.finalizeRitual(sessionId, now()));
      return { sessionId, started: true, status: finalized.status };
    },
  );
}

/** The app's instances (production dependencies). */
export const improverRitual = createImproverRitualFunction();
export const improverRitualInngest = createImproverRitualInngestFunction();
