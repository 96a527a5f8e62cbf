import "server-only";
import type { ReplayModels } from "@/features/replay/server";
import type { LanguageModel } from "ai";
import type { EvolutionSession } from "@/generated/prisma/client";
import { lockSession } from "@/features/one-on-one/server";
import type { Tx } from "@/server/db";
import { AppError } from "@/server/errors";
import { nextRitualAt, scheduleOf } from "../schedule";
import { cadenceOf } from "./improvers";

// The weekly ritual as a persisted state machine on the evolution session: preparing →
// (threshold gate → skipped) → analyzing → proposing → awaiting_review → completed | abandoned (| failed, when a step keeps failing: fail-ritual.ts). Every transition reads the session's status under its row lock and is a
// no-op when the session has already moved on, so a driver (Inngest step.run or the embedded
// runner) can repeat any step after a crash without a second version, notification or model call
// that already succeeded: model output is stored in the same transaction as the status change.
// One file per transition (begin-, prepare-, analyze-, propose-, resume-, expire-, finalize-ritual);
// advance-ritual.ts drives them. This file holds what they share.

/** Fewer new feedback items than this: nothing worth a proposal this week (threshold gate). */
export const RITUAL_MIN_FEEDBACK = 3;
/** Reject → refine → re-propose, at most this many times. */
export const MAX_RITUAL_ROUNDS = 3;
/** How long a proposal waits for a person before the session is abandoned. */
export const DECISION_TIMEOUT_MS = 7 * 24 * 3_600_000;

/** `replay`: the task agent's models for the candidate search (default: the template's, from the registry). */
export type RitualModels = { improver?: LanguageModel; classifier?: LanguageModel; replay?: ReplayModels };
export type Notifier = (input: { session: EvolutionSession; kind: "review" | "reminder" | "failed" }) => Promise<void>;

/** Locks the improver agent's row and loads it with its state and target template (null: no such agent here). */
export async function loadImprover(t: Tx, workspaceId: string, improverAgentId: string) {
  const rows = await t.$queryRaw<{ id: string }[]>`SELECT "id" FROM "Agent" WHERE "id" = ${improverAgentId} AND "workspaceId" = ${workspaceId} FOR UPDATE`;
  if (!rows[0]) return null;
  return t.agent.findUniqueOrThrow({
    where: { id: improverAgentId },
    include: {
      state: true,
      targetTemplate: { select: { id: true, name: true, level: true, ritualWeekday: true, ritualHour: true, ritualTimezone: true, workspace: { select: { ritualWeekday: true, ritualHour: true, ritualTimezone: true } } } },
    },
  });
}

export type LoadedImprover = NonNullable<Awaited<ReturnType<typeof loadImprover>>>;

export const nextWakeOf = (improver: LoadedImprover, after: Date) => nextRitualAt(scheduleOf(improver.targetTemplate!.workspace, improver.targetTemplate), after, cadenceOf(improver.kind));

/** Locks a ritual session's row for a transition; 404 when it is not a ritual. */
export async function lockRitual(t: Tx, sessionId: string) {
  const rows = await t.$queryRaw<{ workspaceId: string }[]>`SELECT "workspaceId" FROM "EvolutionSession" WHERE "id" = ${sessionId} AND "origin" = 'ritual' FOR UPDATE`;
  if (!rows[0]) throw new AppError("NOT_FOUND", "Ritual session not found.");
  return lockSession(t, rows[0].workspaceId, sessionId);
}
