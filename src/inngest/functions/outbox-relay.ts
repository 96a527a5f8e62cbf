/**
 * outbox-relay — every few seconds, in every app process: delivers the outbox events whose first
 * delivery (right after their transaction committed) failed or never happened (the process died
 * in between), and prunes delivered ones after a week (src/inngest/outbox.ts).
 *
 * Embedded runner: a periodic task of the runner. Inngest: the same timer, started by
 * `startEmbeddedRunner` instead of the runner (Inngest has no way to read our table).
 */
import type { PeriodicTask } from "../local/embedded-runner";

export const OUTBOX_RELAY_ID = "outbox-relay";
export const OUTBOX_RELAY_EVERY_MS = 5_000;

export async function relayOutbox() {
  const { deliverOutbox, pruneOutbox } = await import("../outbox");
  const delivered = await deliverOutbox();
  const pruned = await pruneOutbox();
  return { ...delivered, pruned: pruned.count };
}

export const outboxRelayTask: PeriodicTask = {
  name: OUTBOX_RELAY_ID,
  everyMs: OUTBOX_RELAY_EVERY_MS,
  firstAfterMs: 1_000,
  run: () => relayOutbox(),
};
