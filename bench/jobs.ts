// Benchmark: the local executor (src/inngest/local: runs in FunctionRun, pg-boss 10 carrying the
// wake-ups) on the database `npm run bench` gives this file. Run with `npm run bench -- jobs`.
//   1. enqueue → start latency: from `executor.dispatch([event])` to the first line of the
//      function's step body, one run at a time (each finished before the next, then a random pause
//      of 0–500 ms so dispatches fall at random points of pg-boss's polling cycle):
//      (a) in-process — the dispatching executor also works the queue (concurrency 4);
//      (b) from another process — a producer-only executor (`work: false`) here, a worker executor
//          (concurrency 4) in a child process (bench/lib/jobs-worker.ts), same function id and
//          namespace. The step start is the child's clock (both processes read the same system
//          clock); the time the bench process receives the child's line is reported too.
//   2. throughput: N runs dispatched in one `dispatch()` call, worked by one process (this one,
//      concurrency 4) and by two (this one + a child, 4 each); every run must complete (0 lost)
//      and its step body must have run exactly once (0 duplicates), counted per run id from the
//      step starts both processes report.
// The function is trivial (bench/lib/jobs-function.ts: one step.run, no concurrency key), so the
// figures are the executor's own overhead: run rows, step memoization, pg-boss send/fetch/complete.
import { spawn, type ChildProcess } from "node:child_process";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import { createInterface } from "node:readline";
import { createRng } from "../prisma/seed/random";
import { CHILD_LINE_PREFIX, clock, JOBS_FUNCTION_ID, jobsEvent, jobsFunction, onStepStart, type ChildMessage, type StepStart } from "./lib/jobs-function";
import { summarize, table, type Summary } from "./lib/measure";
import { openBenchDatabase } from "./lib/setup";

const SAMPLES = Number(process.env.BENCH_JOBS_SAMPLES ?? 200);
const WARMUP = 10;
const N = Number(process.env.BENCH_JOBS_N ?? 1000);
const CONCURRENCY = 4;
const GAP_MS = 500; // pg-boss's default (and minimum) polling interval, which the executor uses
const DRAIN_TIMEOUT_MS = Number(process.env.BENCH_JOBS_TIMEOUT_S ?? 900) * 1000;
const RESULTS = "bench/results";
const BASELINE = "previous home-made runner: p50 36 ms / p95 196 ms in-process, ≈ 1 s from another process, 45–88 jobs/s";

const t0 = Date.now();
const { url, pool, postgresVersion } = await openBenchDatabase();
// The executor (through the app's db module) reads DATABASE_URL when first imported (the runner set it).
const { createLocalExecutor } = await import("@/inngest/local/executor");
type Executor = ReturnType<typeof createLocalExecutor>;
const pgBossVersion = JSON.parse(readFileSync("node_modules/pg-boss/package.json", "utf8")).version as string;

const rng = createRng(42);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

// ---- step starts, from this process and from the children -----------------------------------
type Start = StepStart & { where: "bench" | "child"; receivedAt: number };
const starts: Start[] = [];
const waiters = new Map<string, (s: Start) => void>();
function arrived(s: Start) {
  starts.push(s);
  const key = `${s.phase}:${s.seq}`;
  waiters.get(key)?.(s);
  waiters.delete(key);
}
onStepStart((s) => arrived({ ...s, where: "bench", receivedAt: s.t }));

function withTimeout<T>(p: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout;
  return Promise.race([p, new Promise<T>((_, reject) => (timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms: ${what}`)), ms)))]).finally(() => clearTimeout(timer));
}

// ---- executors -------------------------------------------------------------------------------
function localExecutor(namespace: string, work: boolean): Executor {
  return createLocalExecutor({ functions: [jobsFunction], connectionString: url, namespace, work, concurrency: CONCURRENCY });
}

type Child = { process: ChildProcess; stop(): Promise<number> };
/** A worker-only executor in another process (spawned the way scripts/bench.mjs runs benchmarks). */
async function startChild(namespace: string): Promise<Child> {
  const child = spawn(process.execPath, ["--import", "tsx", "--import", "./bench/lib/register.mjs", "bench/lib/jobs-worker.ts"], {
    env: { ...process.env, JOBS_NAMESPACE: namespace, JOBS_CONCURRENCY: String(CONCURRENCY), LOG_LEVEL: "warn" },
    stdio: ["pipe", "pipe", "inherit"],
  });
  let onReady: () => void;
  let onStopped: (executed: number) => void;
  const ready = new Promise<void>((r) => (onReady = r));
  const stopped = new Promise<number>((r) => (onStopped = r));
  const exited = new Promise<never>((_, reject) => child.once("exit", (code) => reject(new Error(`the worker child exited (${code})`))));
  exited.catch(() => undefined);
  createInterface({ input: child.stdout! }).on("line", (line) => {
    if (!line.startsWith(CHILD_LINE_PREFIX)) return void console.log(`  [child] ${line}`);
    const receivedAt = clock();
    const m = JSON.parse(line.slice(CHILD_LINE_PREFIX.length)) as ChildMessage;
    if ("ready" in m) onReady();
    else if ("step" in m) arrived({ ...m.step, where: "child", receivedAt });
    else if ("stopped" in m) onStopped(m.executed);
  });
  await withTimeout(Promise.race([ready, exited]), 120_000, "the worker child to start");
  return {
    process: child,
    async stop() {
      child.stdin!.write("stop\n");
      const executed = await withTimeout(Promise.race([stopped, exited]), 60_000, "the worker child to stop");
      await new Promise((r) => (child.exitCode === null ? child.once("exit", r) : r(null)));
      return executed;
    },
  };
}

async function untilFinished(runId: string) {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const { rows } = await pool.query<{ status: string }>(`SELECT "status" FROM "FunctionRun" WHERE "id" = $1`, [runId]);
    if (rows[0]?.status === "completed") return;
    if (rows[0]?.status === "failed") throw new Error(`run ${runId} failed`);
    if (Date.now() > deadline) throw new Error(`run ${runId} did not complete (status ${rows[0]?.status})`);
    await sleep(5);
  }
}

// ---- 1. enqueue → start latency ---------------------------------------------------------------
type LatencySample = { startMs: number; receivedMs: number; dispatchMs: number };
async function latency(phase: string, producer: Executor): Promise<LatencySample[]> {
  const samples: LatencySample[] = [];
  for (let seq = 0; seq < WARMUP + SAMPLES; seq++) {
    const started = new Promise<Start>((r) => waiters.set(`${phase}:${seq}`, r));
    const before = clock();
    const { ids } = await producer.dispatch([{ name: jobsEvent.name, data: { phase, seq } }]);
    const dispatchMs = clock() - before;
    const step = await withTimeout(started, 60_000, `the step of ${phase} #${seq} to start`);
    const runId = `${JOBS_FUNCTION_ID}:${ids[0]}`;
    if (step.runId !== runId) throw new Error(`step reported run ${step.runId}, expected ${runId}`);
    await untilFinished(runId);
    if (seq >= WARMUP) samples.push({ startMs: step.t - before, receivedMs: step.receivedAt - before, dispatchMs });
    await sleep(rng.int(0, GAP_MS));
  }
  return samples;
}

console.log(`→ latency (a) in-process: ${SAMPLES} runs one at a time (+${WARMUP} warm-up), executor concurrency ${CONCURRENCY}…`);
const inProcessExecutor = localExecutor("bench-jobs-lat-a", true);
await inProcessExecutor.start();
const latencyA = await latency("lat-a", inProcessExecutor);
await inProcessExecutor.stop();

console.log(`→ latency (b) from another process: producer here (work: false), worker child (concurrency ${CONCURRENCY})…`);
const producer = localExecutor("bench-jobs-lat-b", false);
await producer.start();
const latencyChild = await startChild("bench-jobs-lat-b");
const latencyB = await latency("lat-b", producer);
await latencyChild.stop();
await producer.stop();

// ---- 2. throughput ------------------------------------------------------------------------------
type Throughput = {
  processes: number;
  dispatchS: number;
  totalS: number;
  jobsPerS: number;
  doneDuringDispatch: number;
  drainPerS: number;
  firstStartMs: number;
  completed: number;
  failed: number;
  lost: number;
  duplicates: number;
  neverStarted: number;
  byProcess: { bench: number; child: number };
};

async function throughput(phase: string, withChild: boolean): Promise<Throughput> {
  const namespace = `bench-jobs-${phase}`;
  const executor = localExecutor(namespace, true);
  await executor.start();
  const child = withChild ? await startChild(namespace) : null;
  await sleep(1_000); // let the child's first poll and sweep pass

  const events = Array.from({ length: N }, (_, seq) => ({ name: jobsEvent.name, data: { phase, seq } }));
  const startedAt = new Date();
  const { ids } = await executor.dispatch(events);
  const dispatchedAt = new Date();
  const runIds = ids.map((id) => `${JOBS_FUNCTION_ID}:${id}`);

  const deadline = Date.now() + DRAIN_TIMEOUT_MS;
  for (;;) {
    const { rows } = await pool.query<{ open: number }>(`SELECT count(*)::int AS "open" FROM "FunctionRun" WHERE "id" = ANY($1) AND "status" NOT IN ('completed', 'failed')`, [runIds]);
    if (rows[0].open === 0 || Date.now() > deadline) break;
    await sleep(100);
  }
  // Every step start is in `starts` once both executors have stopped (the child's lines come before its "stopped").
  const childExecuted = child ? await child.stop() : 0;
  await executor.stop();

  const { rows } = await pool.query<{ completed: number; failed: number; lastFinished: Date | null; doneDuringDispatch: number }>(
    `SELECT count(*) FILTER (WHERE "status" = 'completed')::int AS "completed", count(*) FILTER (WHERE "status" = 'failed')::int AS "failed",
            max("finishedAt") AS "lastFinished", count(*) FILTER (WHERE "status" = 'completed' AND "finishedAt" <= $2)::int AS "doneDuringDispatch"
     FROM "FunctionRun" WHERE "id" = ANY($1)`,
    [runIds, dispatchedAt],
  );
  const r = rows[0];
  const mine = starts.filter((s) => s.phase === phase);
  const perRun = new Map<string, number>();
  for (const s of mine) perRun.set(s.runId, (perRun.get(s.runId) ?? 0) + 1);
  const known = new Set(runIds);
  const duplicates = [...perRun.values()].reduce((a, n) => a + Math.max(0, n - 1), 0) + [...perRun.keys()].filter((id) => !known.has(id)).length;
  const byProcess = { bench: mine.filter((s) => s.where === "bench").length, child: mine.filter((s) => s.where === "child").length };
  if (child && byProcess.child !== childExecuted) throw new Error(`the child reported ${childExecuted} executions, ${byProcess.child} lines arrived`);
  const end = r.lastFinished ?? new Date();
  const totalS = (end.getTime() - startedAt.getTime()) / 1000;
  const drainS = (end.getTime() - dispatchedAt.getTime()) / 1000;
  return {
    processes: withChild ? 2 : 1,
    dispatchS: (dispatchedAt.getTime() - startedAt.getTime()) / 1000,
    totalS,
    jobsPerS: r.completed / totalS,
    doneDuringDispatch: r.doneDuringDispatch,
    drainPerS: drainS > 0 ? (r.completed - r.doneDuringDispatch) / drainS : NaN,
    firstStartMs: Math.min(...mine.map((s) => s.t)) - startedAt.getTime(),
    completed: r.completed,
    failed: r.failed,
    lost: N - r.completed,
    duplicates,
    neverStarted: runIds.filter((id) => !perRun.has(id)).length,
    byProcess,
  };
}

console.log(`→ throughput: ${N} runs in one dispatch(), one process (concurrency ${CONCURRENCY})…`);
const one = await throughput("tp-1", false);
console.log(`→ throughput: ${N} runs in one dispatch(), two processes (this one + a child, concurrency ${CONCURRENCY} each)…`);
const two = await throughput("tp-2", true);

// ---- report ---------------------------------------------------------------------------------
const a = summarize(latencyA.map((s) => s.startMs));
const b = summarize(latencyB.map((s) => s.startMs));
const bReceived = summarize(latencyB.map((s) => s.receivedMs));
const dispatchA = summarize(latencyA.map((s) => s.dispatchMs));
const dispatchB = summarize(latencyB.map((s) => s.dispatchMs));
const row = (name: string, s: Summary, d: Summary | null) => [name, s.n, s.p50, s.p95, s.max, s.mean, d ? d.p50 : "—"];

console.log(`\nLocal executor: pg-boss ${pgBossVersion}, PostgreSQL ${postgresVersion}, ${os.cpus().length} CPUs, polling every ${GAP_MS / 1000} s (pg-boss minimum), concurrency ${CONCURRENCY} per process.\n`);
console.log(
  table(
    ["enqueue → step body starts (ms)", "n", "p50", "p95", "max", "mean", "dispatch() p50"],
    [row("(a) in-process", a, dispatchA), row("(b) from another process", b, dispatchB), row("(b) as received by the bench process", bReceived, null)],
  ),
);
const tpRow = (t: Throughput) => [
  `${N} runs, ${t.processes} process${t.processes > 1 ? "es" : ""}`,
  t.dispatchS,
  t.totalS,
  t.jobsPerS,
  `${t.doneDuringDispatch}`,
  t.drainPerS,
  `${t.completed}`,
  `${t.lost}`,
  `${t.duplicates}`,
  t.processes > 1 ? `${t.byProcess.bench} / ${t.byProcess.child}` : `${t.byProcess.bench}`,
];
console.log("");
console.log(
  table(
    ["throughput", "dispatch s", "total s", "jobs/s", "done in dispatch", "jobs/s after", "completed", "lost", "duplicates", "steps here / child"],
    [tpRow(one), tpRow(two)],
  ),
);
console.log(`\nBaseline — ${BASELINE}.`);
const problems = [one, two].flatMap((t) => [
  ...(t.lost ? [`${t.processes} process(es): ${t.lost} runs not completed (${t.failed} failed)`] : []),
  ...(t.duplicates ? [`${t.processes} process(es): ${t.duplicates} duplicate step executions`] : []),
  ...(t.neverStarted !== t.lost - t.failed && t.neverStarted ? [`${t.processes} process(es): ${t.neverStarted} runs without a step start`] : []),
]);
console.log(problems.length ? `✖ ${problems.join("; ")}` : "✓ every run completed, each step body ran exactly once");

mkdirSync(RESULTS, { recursive: true });
const totalSeconds = (Date.now() - t0) / 1000;
writeFileSync(
  `${RESULTS}/jobs.json`,
  JSON.stringify(
    {
      benchmark: "jobs",
      finishedAt: new Date().toISOString(),
      totalSeconds,
      machine: { cpus: os.cpus().length, cpuModel: os.cpus()[0]?.model, memoryGb: Math.round(os.totalmem() / 2 ** 30), node: process.version, postgres: postgresVersion, pgBoss: pgBossVersion },
      settings: { samples: SAMPLES, warmup: WARMUP, n: N, concurrency: CONCURRENCY, gapMs: [0, GAP_MS] },
      latency: { inProcess: a, otherProcess: b, otherProcessReceived: bReceived, dispatchInProcess: dispatchA, dispatchProducer: dispatchB },
      throughput: { oneProcess: one, twoProcesses: two },
      baseline: BASELINE,
    },
    null,
    2,
  ) + "\n",
);
console.log(`Results: ${RESULTS}/jobs.json (total ${totalSeconds.toFixed(0)} s)`);
await pool.end();
process.exit(problems.length ? 1 : 0);
