import { errorFields, logger } from "@/server/logger";

// Graceful shutdown of the Node.js server process, in this order:
//   1. SIGTERM/SIGINT → the process is "draining": /api/ready answers 503, so a load balancer
//      stops sending new work; requests still arriving are served;
//   2. the drain hooks run (the local executor stops fetching and waits for the runs it is executing),
//      bounded by `drainTimeoutMs`: a job cut off there is recovered at the next start;
//   3. Next's own signal handler runs: it closes the HTTP server, waits for in-flight requests
//      and exits. Without one (NEXT_MANUAL_SIG_HANDLE), the process exits here.
// A hard deadline ends the process if a request never finishes (a stream left open).
//
// Next registers its handler before it calls instrumentation's register(), so install() takes
// it off the signal and calls it after the drain. State lives on globalThis: Next bundles
// instrumentation and route handlers separately, and both must see the same "draining" flag.

type Signal = "SIGINT" | "SIGTERM";
type Hook = { name: string; run: () => Promise<unknown> };
type Shutdown = (signal: Signal) => Promise<void>;
type Lifecycle = { phase: "serving" | "draining"; hooks: Hook[]; shutdown?: Shutdown };

const SIGNALS: Signal[] = ["SIGINT", "SIGTERM"];
const g = globalThis as unknown as { agentCoachLifecycle?: Lifecycle };
const state = (g.agentCoachLifecycle ??= { phase: "serving", hooks: [] });

export const isDraining = () => state.phase === "draining";

/** Work to finish before the process exits (run in registration order; one hook per name). */
export function onDrain(name: string, run: () => Promise<unknown>) {
  state.hooks = [...state.hooks.filter((h) => h.name !== name), { name, run }];
}

export type ShutdownOptions = {
  drainTimeoutMs?: number;
  /** After the drain, how long Next may take to finish in-flight requests. */
  requestTimeoutMs?: number;
  target?: NodeJS.Process;
};

/** Idempotent. Returns the shutdown function (also what the signals call). */
export function installGracefulShutdown({ drainTimeoutMs = 25_000, requestTimeoutMs = 20_000, target = process }: ShutdownOptions = {}): Shutdown {
  if (state.shutdown) return state.shutdown;
  const previous = new Map(SIGNALS.map((s) => [s, target.listeners(s) as ((signal: Signal) => void)[]]));
  let shutting: Promise<void> | null = null;

  const shutdown: Shutdown = (signal) =>
    (shutting ??= (async () => {
      state.phase = "draining";
      logger.info("shutdown: draining", { signal, hooks: state.hooks.map((h) => h.name) });
      const deadline = setTimeout(() => {
        logger.error("shutdown: requests did not finish in time; exiting");
        target.exit(1);
      }, drainTimeoutMs + requestTimeoutMs);
      deadline.unref();
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<"timeout">((resolve) => (timer = setTimeout(() => resolve("timeout"), drainTimeoutMs)));
      const drained = (async () => {
        for (const hook of state.hooks) {
          await hook.run().catch((e) => logger.error("shutdown: a drain hook failed", { hook: hook.name, ...errorFields(e) }));
        }
      })();
      if ((await Promise.race([drained, timeout])) === "timeout") logger.warn("shutdown: drain timed out; unfinished jobs run again at the next start", { drainTimeoutMs });
      clearTimeout(timer);
      logger.info("shutdown: drained; closing the HTTP server");
      const next = previous.get(signal) ?? [];
      if (next.length === 0) target.exit(0);
      for (const handler of next) handler(signal);
    })());

  state.shutdown = shutdown;
  for (const signal of SIGNALS) {
    for (const handler of previous.get(signal) ?? []) target.off(signal, handler);
    target.on(signal, () => void shutdown(signal));
  }
  return shutdown;
}
