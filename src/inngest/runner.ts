import { env } from "@/env";
import { errorFields, logger } from "@/server/logger";
import { createEmbeddedRunner, type EmbeddedRunner } from "./local/embedded-runner";
import { embeddedFunctions, embeddedPeriodicTasks } from "./functions";
import { OUTBOX_RELAY_EVERY_MS, relayOutbox } from "./functions/outbox-relay";
import { inngestEnabled } from "./client";

// The app's one embedded runner per process. Kept on globalThis because Next may evaluate this
// module more than once (instrumentation and route bundles, dev reloads): one runner must own
// this process's claims, and an enqueue anywhere in the process should wake it.
const globalForJobs = globalThis as unknown as { agentCoachJobRunner?: EmbeddedRunner; agentCoachOutboxRelay?: NodeJS.Timeout };

export function getEmbeddedRunner(): EmbeddedRunner {
  return (globalForJobs.agentCoachJobRunner ??= createEmbeddedRunner({ functions: embeddedFunctions, periodic: embeddedPeriodicTasks }));
}

/** Called by instrumentation.ts in the Node.js server. Starting twice is a no-op. */
export async function startEmbeddedRunner() {
  if (inngestEnabled) {
    logger.info("jobs: Inngest is configured; the embedded runner stays off, the outbox relay runs");
    globalForJobs.agentCoachOutboxRelay ??= setInterval(() => void relayOutbox().catch((e) => logger.error("jobs: outbox relay failed", errorFields(e))), OUTBOX_RELAY_EVERY_MS).unref();
    return;
  }
  if (!env.JOBS_EMBEDDED) {
    logger.info("jobs: JOBS_EMBEDDED=0; queued jobs wait for a process that runs them");
    return;
  }
  await getEmbeddedRunner().start();
}

/** Stops claiming and waits for this process's running jobs (graceful shutdown). */
export async function stopEmbeddedRunner() {
  clearInterval(globalForJobs.agentCoachOutboxRelay);
  globalForJobs.agentCoachOutboxRelay = undefined;
  await globalForJobs.agentCoachJobRunner?.stop();
}

/** What drives the jobs in this process, for /api/ready. */
export function jobRunnerState(): "inngest" | "off" | "running" | "stopping" | "stopped" {
  if (inngestEnabled) return "inngest";
  if (!env.JOBS_EMBEDDED) return "off";
  const status = globalForJobs.agentCoachJobRunner?.status() ?? "idle";
  return status === "started" ? "running" : status === "stopping" ? "stopping" : "stopped";
}
