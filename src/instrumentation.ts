// Next.js calls register() once when a server process starts. The job runner and the graceful
// shutdown live in the Node.js server only: not in the Edge runtime, and not while `next build`
// prerenders pages.
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs" || process.env.NEXT_PHASE === "phase-production-build") return;
  const { startEmbeddedRunner, stopEmbeddedRunner } = await import("./inngest/runner");
  const { installGracefulShutdown, onDrain } = await import("./server/lifecycle");
  onDrain("job runner", stopEmbeddedRunner);
  installGracefulShutdown();
  await startEmbeddedRunner();
}
