/**
 * outbox-relay — every few seconds, in every app process: delivers the outbox events whose first
 * delivery (right after their transaction committed) failed or never happened (the process died
 * in between); once an hour it also prunes delivered ones older than a week (src/inngest/outbox.ts).
 *
 * Embedded runner: a periodic task of the runner. Inngest: the same timer, started by
 * `startEmbeddedRunner` instead of the runner (Inngest has no way to read our table).
 */
import type { PeriodicTask } from "../local/embedded-runner";

export const OUTBOX_RELAY_ID = "outbox-relay";
export const OUTBOX_RELAY_EVERY_MS = 5_000;

/** Pruning keeps a week of delivered events: once an hour per process is plenty. */
const PRUNE_EVERY_MS = 3_600_000;
let lastPrunedAt = 0;

export async function relayOutbox(now = Date.now()) {
  const { deliverOutbox, pruneOutbox } = await import("../outbox");
  const delivered = await deliverOutbox();
  if (now - lastPrunedAt < PRUNE_EVERY_MS) return { ...delivered, pruned: 0 };
  lastPrunedAt = now;
  const pruned = await pruneOutbox();
  return { ...delivered, pruned: pruned.count };
}

export const outboxRelayTask: PeriodicTask = {
  name: OUTBOX_RELAY_ID,
  everyMs: OUTBOX_RELAY_EVERY_MS,
  firstAfterMs: 1_000,
  run: () => relayOutbox(),
};
