// Child process of bench/jobs.ts: a worker-only process of the local executor, as a second app
// server on the same database would be. Works the queue of JOBS_NAMESPACE with JOBS_CONCURRENCY
// workers (the executor's defaults otherwise: pg-boss polling every 0.5 s, sweep every 10 s) on
// DATABASE_URL, and reports on stdout (lines prefixed CHILD_LINE_PREFIX): ready, every step start
// (run id, the event's phase and seq, the wall-clock time), and the count when stopped. Starts
// working on a "start" line on stdin (so the bench process can time a start), stops on "stop".
import { createInterface } from "node:readline";
import { createLocalExecutor } from "@/inngest/local/executor";
import { db } from "@/server/db";
import { CHILD_LINE_PREFIX, jobsFunction, onStepStart, type ChildMessage } from "./jobs-function";

const say = (m: ChildMessage) => process.stdout.write(`${CHILD_LINE_PREFIX}${JSON.stringify(m)}\n`);

let executed = 0;
onStepStart((step) => {
  executed++;
  say({ step });
});

const executor = createLocalExecutor({
  functions: [jobsFunction],
  connectionString: process.env.DATABASE_URL!,
  namespace: process.env.JOBS_NAMESPACE!,
  concurrency: Number(process.env.JOBS_CONCURRENCY ?? 4),
});
say({ loaded: true });

let stopping = false;
async function stop() {
  if (stopping) return;
  stopping = true;
  await executor.stop({ timeoutMs: 30_000 });
  await db.$disconnect();
  say({ stopped: true, executed });
  process.exit(0);
}
createInterface({ input: process.stdin }).on("line", (line) => {
  if (line.trim() === "start") void executor.start().then(() => say({ ready: true, pid: process.pid }));
  if (line.trim() === "stop") void stop();
});
process.stdin.on("end", () => void stop()); // the bench process went away
process.on("SIGTERM", () => void stop());
