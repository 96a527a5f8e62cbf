// Next.js calls register() once when a server process starts. The workflow executor and the graceful
// shutdown live in the Node.js server only: not in the Edge runtime, and not while `next build`
// prerenders pages.
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs" || process.env.NEXT_PHASE === "phase-production-build") return;
  const { startJobs, stopJobs } = await import("./inngest/runtime");
  const { installGracefulShutdown, onDrain } = await import("./server/lifecycle");
  onDrain("jobs", stopJobs);
  installGracefulShutdown();
  await startJobs();
}
