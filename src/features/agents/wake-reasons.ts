import type { WakeReason } from "@/generated/prisma/enums";

/**
 * When wake triggers of one agent coalesce into one run (the wake's debounce), the run records the
 * most important of their reasons — a task created and edited within seconds is one "creation"
 * run, not a "subscription" one. "manual" never coalesces (it has a run of its own).
 */
export const WAKE_REASON_RANK: Record<WakeReason, number> = { manual: 5, creation: 4, reanalysis: 3, subscription: 2, scheduled: 1 };

/** The more important of two reasons (the first on a tie). */
export function higherWakeReason(a: WakeReason, b: WakeReason | null | undefined): WakeReason {
  return b && WAKE_REASON_RANK[b] > WAKE_REASON_RANK[a] ? b : a;
}

/** The coalescing reasons, least important first (the SQL rank: array_position over this list). */
export const COALESCING_WAKE_REASONS = (Object.keys(WAKE_REASON_RANK) as WakeReason[]).filter((r) => r !== "manual").sort((a, b) => WAKE_REASON_RANK[a] - WAKE_REASON_RANK[b]);
