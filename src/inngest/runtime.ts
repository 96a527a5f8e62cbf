import { env } from "@/env";
import { logger } from "@/server/logger";
import { inngestEnabled, setLocalSender } from "./client";
import { functions } from "./functions";
import { createLocalExecutor, type LocalExecutor } from "./local/executor";
import { setLocalDispatcher } from "./local/dispatcher";
import { startOutboxRelay } from "./outbox-relay";
import { sendEvents } from "./send";

// What drives the workflows in this process, started by instrumentation.ts in the Node.js server.
// With an Inngest server configured, Inngest calls /api/inngest and this process only relays the
// outbox. Otherwise the local executor runs the same functions: every process dispatches events
// (creating runs is a database write), and works the queue unless JOBS_EMBEDDED=0. Kept on
// globalThis because Next may evaluate this module more than once (instrumentation and route
// bundles, dev reloads).

type Runtime = { executor?: LocalExecutor; stopRelay?: () => void; started: boolean };
const globalForJobs = globalThis as unknown as { agentCoachJobs?: Runtime };
const runtime = (globalForJobs.agentCoachJobs ??= { started: false });

export function getLocalExecutor(): LocalExecutor {
  return (runtime.executor ??= createLocalExecutor({ functions, connectionString: env.DATABASE_URL, work: env.JOBS_EMBEDDED }));
}

/** Starting twice is a no-op. */
export async function startJobs() {
  if (runtime.started) return;
  runtime.started = true;
  runtime.stopRelay = startOutboxRelay();
  if (inngestEnabled) {
    logger.info("jobs: Inngest is configured; it runs the workflows through /api/inngest, this process relays the outbox");
    return;
  }
  const executor = getLocalExecutor();
  setLocalSender(sendEvents);
  setLocalDispatcher(executor.dispatch);
  await executor.start();
  logger.info(env.JOBS_EMBEDDED ? "jobs: the local executor runs the workflows in this process" : "jobs: JOBS_EMBEDDED=0; this process sends events, others run them");
}

/** Graceful shutdown: no new work; the runs this process is executing finish (bounded). */
export async function stopJobs() {
  runtime.stopRelay?.();
  runtime.stopRelay = undefined;
  await runtime.executor?.stop();
}

/** What drives the jobs in this process, for /api/ready. */
export function jobRunnerState(): "inngest" | "off" | "running" | "stopping" | "stopped" {
  if (inngestEnabled) return "inngest";
  const status = runtime.executor?.status() ?? "idle";
  if (status === "started") return env.JOBS_EMBEDDED ? "running" : "off";
  return status === "stopping" ? "stopping" : "stopped";
}
