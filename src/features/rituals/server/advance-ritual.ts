import "server-only";
import { db } from "@/server/db";
import { errorFields, logger } from "@/server/logger";
import { analyzeRitual } from "./analyze-ritual";
import { expireRitual } from "./expire-ritual";
import { finalizeRitual } from "./finalize-ritual";
import { prepareRitual } from "./prepare-ritual";
import { proposeRitual } from "./propose-ritual";
import { resumeAfterDecision } from "./resume-after-decision";
import type { Notifier, RitualModels } from "./ritual-state";

export type AdvanceDeps = RitualModels & { notify?: Notifier; now?: () => Date };

/**
 * Moves a ritual as far as it can go without a person: what each of the ritual function's `advance` steps runs, and
 * "Run ritual now". Returns the status it stopped at (awaiting_review = waiting for a decision).
 */
export async function advanceRitual(sessionId: string, deps: AdvanceDeps = {}) {
  const now = () => deps.now?.() ?? new Date();
  for (let guard = 0; guard < 10; guard++) {
    const session = await db.evolutionSession.findUniqueOrThrow({ where: { id: sessionId } });
    switch (session.status) {
      case "preparing":
        await prepareRitual(sessionId, deps, now());
        continue;
      case "analyzing":
        await analyzeRitual(sessionId, deps, now());
        continue;
      case "proposing":
        await proposeRitual(sessionId, deps, now());
        continue;
      case "awaiting_review": {
        if (session.decisionDueAt && session.decisionDueAt <= now()) {
          const expired = await expireRitual(sessionId, now());
          if (expired.expired) await notifySafely(deps.notify, sessionId, "reminder");
          continue;
        }
        const resumed = await resumeAfterDecision(sessionId, now());
        if (resumed.status !== "awaiting_review") continue;
        // Waiting for a person. Notifying again is a no-op (dedupe per round), so a failed notice is retried here.
        await notifySafely(deps.notify, sessionId, "review");
        return { status: "awaiting_review" as const };
      }
      case "active":
        return { status: session.status };
      default:
        // Ended. A failed ritual tells its members (once: dedupe key), then every ended one gets its post-ritual update.
        if (session.status === "failed") await notifySafely(deps.notify, sessionId, "failed");
        await finalizeRitual(sessionId, now());
        return { status: session.status };
    }
  }
  throw new Error(`ritual ${sessionId} did not settle`);
}

/** Notifications never undo a transition: a failure is logged and retried by the next advance (dedupe keys). */
async function notifySafely(notify: Notifier | undefined, sessionId: string, kind: "review" | "reminder" | "failed") {
  if (!notify) return;
  try {
    await notify({ session: await db.evolutionSession.findUniqueOrThrow({ where: { id: sessionId } }), kind });
  } catch (e) {
    logger.error("ritual: notification failed", { sessionId, kind, ...errorFields(e) });
  }
}
