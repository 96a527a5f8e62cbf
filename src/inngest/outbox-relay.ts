import { errorFields, logger } from "@/server/logger";

// The outbox relay: every few seconds, in every app process (whichever driver runs the
// workflows), delivers the outbox events whose first delivery — right after their transaction
// committed — failed or never happened (the process died in between); once an hour it also prunes
// delivered ones older than a week (outbox.ts).

export const OUTBOX_RELAY_EVERY_MS = 5_000;

/** Pruning keeps a week of delivered events: once an hour per process is plenty. */
const PRUNE_EVERY_MS = 3_600_000;
let lastPrunedAt = 0;

export async function relayOutbox(now = Date.now()) {
  const { deliverOutbox, pruneOutbox } = await import("./outbox");
  const delivered = await deliverOutbox();
  if (now - lastPrunedAt < PRUNE_EVERY_MS) return { ...delivered, pruned: 0 };
  lastPrunedAt = now;
  const pruned = await pruneOutbox();
  return { ...delivered, pruned: pruned.count };
}

/** Starts the relay's timer; returns its stop. */
export function startOutboxRelay(everyMs = OUTBOX_RELAY_EVERY_MS): () => void {
  const timer = setInterval(() => void relayOutbox().catch((e) => logger.error("jobs: outbox relay failed", errorFields(e))), everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
