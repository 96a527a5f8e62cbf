/**
 * improver-ritual — an improver's weekly (meta-improver: monthly) ritual, from opening the session
 * to the post-ritual update, pausing for a person's decision. Single-flight per improver.
 *
 * Trigger: `ritual/wake.requested` { workspaceId, improverAgentId, reason } — "scheduled" (the
 * hourly check found the improver due), "manual" ("Run ritual now"), or "resume" (the hourly check
 * found a ritual stuck: decided but never acted on, or past its deadline with nobody driving it).
 *
 * The ritual is a state machine persisted on the evolution session (features/rituals/server/
 * ritual.ts): every transition reads the status under the session's row lock and is a no-op once
 * the session moved on, model output is written in the transaction that changes the status, and
 * notifications carry dedupe keys. This function is the orchestration:
 *  1. `begin` — beginRitual opens the session (or finds the one already open) and moves
 *     scheduledWakeAt to the next occurrence. A scheduled or manual wake that finds a ritual open
 *     returns: the run that opened it drives it. A "resume" wake adopts it.
 *  2. `advance-0` — advanceRitual: prepare → threshold gate (skipped → finalize) → analyze →
 *     propose → "ready for review" notice; returns awaiting_review when a person is needed.
 *  3. per round n while awaiting review: `check-n` reads whether the proposal is still undecided
 *     and its deadline; `decision-n` is step.waitForEvent(`ritual/decided` for this session) until
 *     that deadline (7 days after the proposal); `advance-n` then moves on from whatever the session
 *     says — approved → finalize; rejected → the next round's proposal and notice (abandoned after
 *     MAX_RITUAL_ROUNDS); deadline passed → abandoned, one reminder, finalize.
 *     The check before the wait means a decision made before the wait began is not missed; one
 *     made between the check and the wait is picked up by the hourly check's "resume" sweep.
 *
 * Cancellation (`cancelOn`): `agent/deleted` of the improver, or `template/deleted` of the template it
 * improves (the trigger's templateId), ends the run — a step in flight finishes, no later one runs.
 *
 * Flow control: concurrency { key: improverAgentId, limit 1 } (a waiting run holds no slot);
 * retries 3 per step (Inngest's backoff; a step is safe to repeat, see above), none for a model
 * failure another attempt cannot fix (a refused key, an unknown model: NonRetriableError). An advance step that
 * still fails after them is caught: `advance-n-failed` ends the session `failed` with the reason
 * (failRitual) and tells the members once; the review page offers to run it again.
 */
import { NonRetriableError } from "inngest";
import type { Notifier, RitualModels } from "@/features/rituals/server";
import { db } from "@/server/db";
import { inngest } from "../client";
import { agentDeleted, ritualDecided, ritualWakeRequested, templateDeleted } from "../events";
import { IMPROVER_RITUAL_ID } from "./ids";

export { IMPROVER_RITUAL_ID };

export const RITUAL_RETRIES = 3;

/** A ritual whose improver or template is deleted stops (a step in flight finishes; a wait for a decision ends). */
export const RITUAL_CANCEL_ON = [
  { event: agentDeleted, if: "async.data.agentId == event.data.improverAgentId" },
  { event: templateDeleted, if: "async.data.templateId == event.data.templateId" },
];
/** Rounds of waiting per run (each rejection is one; MAX_RITUAL_ROUNDS ends the session first). */
export const MAX_DECISION_WAITS = 8;

/** What the ritual depends on; tests pass scripted models, a spy notifier and a clock. */
export type RitualFunctionDeps = {
  /** Default: the registry's models (ai/models.ts). */
  models?: RitualModels;
  /** Default: notifyRitual (in-app notification + email to the workspace's members). */
  notify?: Notifier;
  now?: () => Date;
  id?: string;
};

// The domain is loaded on first use: importing the function list (route, instrumentation, tests)
// must not load the model registry and the feedback slice.
const ritualDomain = () => import("@/features/rituals/server");
const defaultNotify: Notifier = async (input) => (await ritualDomain()).notifyRitual(input);

/** Still waiting for a person? Then until when (the proposal's deadline). */
async function pendingDecision(sessionId: string, now: Date): Promise<{ waitUntil: string | null }> {
  const session = await db.evolutionSession.findUniqueOrThrow({ where: { id: sessionId }, select: { status: true, decisionDueAt: true } });
  if (session.status !== "awaiting_review" || !session.decisionDueAt || session.decisionDueAt <= now) return { waitUntil: null };
  const undecided = await db.proposal.count({ where: { sessionId, status: { in: ["pending", "draft"] } } });
  return { waitUntil: undecided > 0 ? session.decisionDueAt.toISOString() : null };
}

/** A ModelCallError or one of its kinds (src/ai/retry.ts); by name, so listing the functions loads no AI code. */
const MODEL_ERRORS = ["ModelCallError", "ModelTimeoutError", "ModelStalledError"];
const isModelFailure = (e: unknown): e is Error => e instanceof Error && MODEL_ERRORS.includes(e.name);
/** A model failure that another attempt cannot fix. */
const isFinalModelFailure = (e: unknown): e is Error => isModelFailure(e) && (e as { retryable?: boolean }).retryable === false;

export function createImproverRitualFunction(deps: RitualFunctionDeps = {}) {
  const models = deps.models ?? {};
  const notify = deps.notify ?? defaultNotify;
  const now = deps.now ?? (() => new Date());
  return inngest.createFunction(
    { id: deps.id ?? IMPROVER_RITUAL_ID, triggers: [ritualWakeRequested], concurrency: { key: "event.data.improverAgentId", limit: 1 }, retries: RITUAL_RETRIES, cancelOn: RITUAL_CANCEL_ON },
    async ({ event, step }) => {
      const { workspaceId, improverAgentId, reason } = event.data;
      const begun = await step.run("begin", async () => (await ritualDomain()).beginRitual({ workspaceId, improverAgentId, now: now() }));
      const { sessionId } = begun;
      if (!sessionId || (!begun.started && reason !== "resume")) return begun;

      // A step that still fails after its retries ends the ritual failed with the reason, and
      // tells the members — never a session left "analyzing" forever.
      const advance = async (id: string): Promise<{ status: string }> => {
        try {
          return await step.run(id, async () => {
            try {
              return await (await ritualDomain()).advanceRitual(sessionId, { ...models, notify, now });
            } catch (e) {
              // Another attempt cannot fix it (a refused key, an unknown model): the ritual fails now, not in minutes.
              // The message only: the cause holds the provider's raw answer (which may echo a key) and the SDK logs it whole.
              if (isFinalModelFailure(e)) throw new NonRetriableError(e.message);
              if (isModelFailure(e)) throw new Error(e.message);
              throw e;
            }
          });
        } catch (e) {
          const reason = e instanceof Error ? e.message : String(e);
          return step.run(`${id}-failed`, async () => {
            const domain = await ritualDomain();
            await domain.failRitual(sessionId, reason, now());
            // Tells the members (once) and writes the post-ritual update; no model is called on an ended ritual.
            return domain.advanceRitual(sessionId, { notify, now });
          });
        }
      };
      let { status } = await advance("advance-0");
      for (let round = 1; status === "awaiting_review" && round <= MAX_DECISION_WAITS; round++) {
        const { waitUntil } = await step.run(`check-${round}`, () => pendingDecision(sessionId, now()));
        if (waitUntil) {
          await step.waitForEvent(`decision-${round}`, { event: ritualDecided, timeout: new Date(waitUntil), if: `async.data.sessionId == ${JSON.stringify(sessionId)}` });
        }
        ({ status } = await advance(`advance-${round}`));
      }
      return { sessionId, started: begun.started, status };
    },
  );
}

/** The app's instance (production dependencies). */
export const improverRitual = createImproverRitualFunction();
