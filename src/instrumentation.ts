// Next.js calls register() once when a server process starts. Traces, the workflow executor and
// the graceful shutdown live in the Node.js server only: not in the Edge runtime, and not while
// `next build` prerenders pages.
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs" || process.env.NEXT_PHASE === "phase-production-build") return;
  // An invalid environment stops the process here, with one line per problem: Next would otherwise
  // say "Ready" and then fail every request that reads the configuration.
  let env: typeof import("./env").env;
  try {
    ({ env } = await import("./env"));
  } catch (e) {
    const { exitForBadConfiguration } = await import("./server/exit");
    return exitForBadConfiguration(e);
  }
  const { startTelemetry, flushTelemetry } = await import("./server/telemetry");
  const tracing = startTelemetry(env);
  const { startJobs, stopJobs } = await import("./inngest/runtime");
  const { installGracefulShutdown, onDrain } = await import("./server/lifecycle");
  onDrain("jobs", stopJobs);
  // Last: the spans of the runs the drain just finished.
  if (tracing) onDrain("telemetry", flushTelemetry);
  installGracefulShutdown();
  await startJobs();
}

/**
 * Next.js reports every error a page, route handler or action throws here: one structured line
 * with the request's id (src/proxy.ts), so a user's "it failed" leads to the line and its trace.
 */
export async function onRequestError(
  error: unknown,
  request: Readonly<{ path: string; method: string; headers: NodeJS.Dict<string | string[]> }>,
  context: Readonly<{ routePath: string; routeType: string }>,
) {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { errorFields, logger } = await import("./server/logger");
  const { runWithRequestId } = await import("./server/request-context");
  const { isClientGone } = await import("./server/client-gone");
  const id = request.headers["x-request-id"];
  const where = { method: request.method, path: request.path.split("?")[0], route: context.routePath, routeType: context.routeType };
  // A reload or a closed tab mid-stream is not a failure of ours: one info line, no stack.
  const log = isClientGone(error)
    ? () => logger.info("request abandoned by the client", { ...where, reason: error instanceof Error ? error.message : String(error) })
    : () => logger.error("request failed", { ...where, digest: (error as { digest?: string } | null)?.digest, ...errorFields(error) });
  if (typeof id === "string") runWithRequestId(id, log);
  else log();
}
