import "server-only";
import { proposalRecorded } from "@/inngest/events";
import { stageEvent } from "@/inngest/outbox";
import type { Tx } from "@/server/db";
import { conflict } from "@/server/errors";
import type { ReplaySummary } from "../score";

/** Below this share of kept acceptances, a workspace in guard mode blocks approval. */
export const GUARD_MIN_KEPT = 0.9;

/** Whether a check, in a workspace in guard mode, holds approval back: not finished, failed, or keeping too few acceptances. */
export function guardBlocks(check: { status: string; summary: unknown } | null): boolean {
  if (!check || check.status !== "done") return true;
  return ((check.summary as ReplaySummary | null)?.keptRate.value ?? 1) < GUARD_MIN_KEPT;
}

/** A new proposal's replay check: a queued row and its job's event, in the proposal's own transaction. */
export async function queueReplayCheck(t: Tx, { workspaceId, proposalId }: { workspaceId: string; proposalId: string }) {
  await t.replayCheck.create({ data: { workspaceId, proposalId } });
  return stageEvent(t, { name: proposalRecorded.name, data: { workspaceId, proposalId } });
}

/**
 * In guard mode, approval waits for a finished check that keeps at least 90% of what people accepted;
 * otherwise it needs an override with a reason. Advisory mode never blocks. Runs inside the
 * approval's transaction (the caller locks the proposal).
 */
export async function assertReplayAllowsApproval(t: Tx, { workspaceId, proposalId, overrideReason }: { workspaceId: string; proposalId: string; overrideReason?: string | null }) {
  const workspace = await t.workspace.findUniqueOrThrow({ where: { id: workspaceId }, select: { replayGuard: true } });
  if (workspace.replayGuard !== "guard" || overrideReason) return;
  const check = await t.replayCheck.findUnique({ where: { proposalId }, select: { status: true, summary: true } });
  if (!guardBlocks(check)) return;
  if (!check || check.status === "queued" || check.status === "running") throw conflict("The replay check is still running: wait for it, or approve with a reason to override the guard.");
  if (check.status === "failed") throw conflict("The replay check failed: approve with a reason to override the guard.");
  const kept = (check.summary as ReplaySummary).keptRate.value;
  throw conflict(`The replay check keeps ${Math.round(kept * 100)}% of what people accepted last week (the guard asks for ${GUARD_MIN_KEPT * 100}%): approve with a reason to override it.`);
}
