import "server-only";
import { db } from "@/server/db";
import type { RunPhase } from "../phase";

/**
 * The one write of a running wake's phase, made at the moment the phase starts (the self-refine
 * loop's onPhase, and the wake before it saves): the live status and the run page read it.
 * Finishing the run clears it in the run's own final write.
 */
export async function recordRunPhase(input: { runId: string; phase: RunPhase; iteration: number | null }): Promise<void> {
  await db.wakeRun.update({ where: { id: input.runId }, data: { phase: input.phase, phaseIteration: input.iteration } });
}
