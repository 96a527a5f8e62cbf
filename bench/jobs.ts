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
//   2. throughput: N runs, worked by one process (this one, concurrency 4) and by two (this one +
//      a child, 4 each), "live" (one `dispatch()` call of N events to running workers) and
//      "backlog" (N runs queued first, then the workers start); every run must complete (0 lost)
//      and its step body must have run exactly once (0 duplicates), counted per run id from the
//      step starts both processes report. Also counted: pg-boss jobs (wake-ups) sent per run.
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

type Child = { process: ChildProcess; start(): Promise<void>; stop(): Promise<number> };
/**
 * A worker-only executor in another process, spawned the way scripts/bench.mjs runs benchmarks
 * (tsx + the server-only stub). Resolves once its modules are loaded; `start()` starts its executor.
 */
async function spawnChild(namespace: string): Promise<Child> {
  const child = spawn(process.execPath, ["--import", "tsx", "--import", "./scripts/lib/server-only/register.mjs", "bench/lib/jobs-worker.ts"], {
    env: { ...process.env, JOBS_NAMESPACE: namespace, JOBS_CONCURRENCY: String(CONCURRENCY), LOG_LEVEL: "warn" },
    stdio: ["pipe", "pipe", "inherit"],
  });
  const signal = <T>() => {
    let resolve!: (v: T) => void;
    const promise = new Promise<T>((r) => (resolve = r));
    return { promise, resolve };
  };
  const loaded = signal<void>();
  const ready = signal<void>();
  const stopped = signal<number>();
  const exited = new Promise<never>((_, reject) => child.once("exit", (code) => reject(new Error(`the worker child exited (${code})`))));
  exited.catch(() => undefined);
  createInterface({ input: child.stdout! }).on("line", (line) => {
    if (!line.startsWith(CHILD_LINE_PREFIX)) return void console.log(`  [child] ${line}`);
    const receivedAt = clock();
    const m = JSON.parse(line.slice(CHILD_LINE_PREFIX.length)) as ChildMessage;
    if ("loaded" in m) loaded.resolve();
    else if ("ready" in m) ready.resolve();
    else if ("step" in m) arrived({ ...m.step, where: "child", receivedAt });
    else if ("stopped" in m) stopped.resolve(m.executed);
  });
  await withTimeout(Promise.race([loaded.promise, exited]), 120_000, "the worker child to load");
  return {
    process: child,
    async start() {
      child.stdin!.write("start\n");
      await withTimeout(Promise.race([ready.promise, exited]), 60_000, "the worker child to start");
    },
    async stop() {
      child.stdin!.write("stop\n");
      const executed = await withTimeout(Promise.race([stopped.promise, exited]), 60_000, "the worker child to stop");
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

/**
 * The pg-boss jobs (wake-ups) of a namespace's queue: how many were sent, and how many attempts
 * failed — a wake-up whose handler threw before the run started (e.g. the claim's transaction) is
 * retried by pg-boss 5 s later without a log line, so the first error is kept for the report.
 */
async function wakeUpsOf(namespace: string) {
  const { rows } = await pool.query<{ jobs: number; retries: number; failed: number; error: string | null }>(
    // retry_count grows when a failed job is fetched again; one in state retry/failed has failed once more.
    `SELECT count(*)::int AS "jobs", (coalesce(sum("retry_count"), 0) + count(*) FILTER (WHERE "state" IN ('retry', 'failed')))::int AS "retries",
            count(*) FILTER (WHERE "state" = 'failed')::int AS "failed",
            (array_agg("output"::text) FILTER (WHERE "state" IN ('retry', 'failed') AND "output" IS NOT NULL))[1] AS "error"
     FROM (SELECT "state", "retry_count", "output" FROM pgboss.job WHERE "name" = $1 UNION ALL SELECT "state", "retry_count", "output" FROM pgboss.archive WHERE "name" = $1) j`,
    [`${namespace}__${JOBS_FUNCTION_ID}`],
  );
  return rows[0];
}
type WakeUps = Awaited<ReturnType<typeof wakeUpsOf>>;

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
const latencyWakeUps: Record<string, WakeUps> = { "(a) in-process": await wakeUpsOf("bench-jobs-lat-a") };

console.log(`→ latency (b) from another process: producer here (work: false), worker child (concurrency ${CONCURRENCY})…`);
const producer = localExecutor("bench-jobs-lat-b", false);
await producer.start();
const latencyChild = await spawnChild("bench-jobs-lat-b");
await latencyChild.start();
const latencyB = await latency("lat-b", producer);
await latencyChild.stop();
await producer.stop();
latencyWakeUps["(b) from another process"] = await wakeUpsOf("bench-jobs-lat-b");

// ---- 2. throughput ------------------------------------------------------------------------------
// Two ways a burst meets the workers:
//  - "live": the workers are running; one dispatch() call of N events from this process (it
//    notifies its own workers at every wake-up; a child only sees the jobs when it polls);
//  - "backlog": N runs already queued (dispatched by a producer-only executor), then the workers
//    start — what a restart, or workers busy elsewhere, find.
// jobs/s = completed / (last finishedAt − dispatch start, or − workers' start for a backlog).
type Throughput = {
  mode: "live" | "backlog";
  processes: number;
  dispatchS: number;
  totalS: number;
  jobsPerS: number;
  doneDuringDispatch: number | null;
  afterDispatchPerS: number | null;
  wakeUps: WakeUps;
  completed: number;
  failed: number;
  lost: number;
  duplicates: number;
  neverStarted: number;
  byProcess: { bench: number; child: number };
};

async function throughput(mode: "live" | "backlog", processes: 1 | 2): Promise<Throughput> {
  const phase = `tp-${mode}-${processes}`;
  const namespace = `bench-jobs-${phase}`;
  const events = Array.from({ length: N }, (_, seq) => ({ name: jobsEvent.name, data: { phase, seq } }));
  const executor = localExecutor(namespace, true);
  const child = processes === 2 ? await spawnChild(namespace) : null;

  // startedAt: the clock of jobs/s (the dispatch's start when live, the workers' start for a backlog).
  let startedAt: Date, dispatchS: number, dispatchedAt: Date, ids: string[];
  if (mode === "live") {
    await executor.start();
    await child?.start();
    await sleep(1_000); // past the executors' start-up sweep
    startedAt = new Date();
    ({ ids } = await executor.dispatch(events));
    dispatchedAt = new Date();
    dispatchS = (dispatchedAt.getTime() - startedAt.getTime()) / 1000;
  } else {
    const producer = localExecutor(namespace, false);
    await producer.start();
    const before = Date.now();
    ({ ids } = await producer.dispatch(events));
    dispatchedAt = new Date();
    dispatchS = (dispatchedAt.getTime() - before) / 1000;
    await producer.stop();
    startedAt = new Date();
    await Promise.all([executor.start(), child?.start()]);
  }
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
  const wakeUps = await wakeUpsOf(namespace);
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
  const live = mode === "live";
  return {
    mode,
    processes,
    dispatchS,
    totalS,
    jobsPerS: r.completed / totalS,
    doneDuringDispatch: live ? r.doneDuringDispatch : null,
    afterDispatchPerS: live && end > dispatchedAt ? (r.completed - r.doneDuringDispatch) / ((end.getTime() - dispatchedAt.getTime()) / 1000) : null,
    wakeUps,
    completed: r.completed,
    failed: r.failed,
    lost: N - r.completed,
    duplicates,
    neverStarted: runIds.filter((id) => !perRun.has(id)).length,
    byProcess,
  };
}

const runs: Throughput[] = [];
for (const [mode, processes] of [["live", 1], ["live", 2], ["backlog", 1], ["backlog", 2]] as const) {
  console.log(`→ throughput, ${mode}: ${N} runs, ${processes} process${processes > 1 ? "es (this one + a child)" : ""}, concurrency ${CONCURRENCY} each…`);
  runs.push(await throughput(mode, processes));
}

// ---- report ---------------------------------------------------------------------------------
const a = summarize(latencyA.map((s) => s.startMs));
const b = summarize(latencyB.map((s) => s.startMs));
const bReceived = summarize(latencyB.map((s) => s.receivedMs));
const dispatchA = summarize(latencyA.map((s) => s.dispatchMs));
const dispatchB = summarize(latencyB.map((s) => s.dispatchMs));
const row = (name: string, s: Summary, d: Summary | null) => [name, String(s.n), s.p50, s.p95, s.max, s.mean, d ? d.p50 : "—"];

console.log(`\nLocal executor: pg-boss ${pgBossVersion}, PostgreSQL ${postgresVersion}, ${os.cpus().length} CPUs, pg-boss polling every ${GAP_MS / 1000} s (its minimum), concurrency ${CONCURRENCY} per process.\n`);
console.log(
  table(
    ["enqueue → step body starts (ms)", "n", "p50", "p95", "max", "mean", "dispatch() p50"],
    [row("(a) in-process", a, dispatchA), row("(b) from another process", b, dispatchB), row("(b) as received by the bench process", bReceived, null)],
  ),
);
const tpRow = (t: Throughput) => [
  `${t.mode}, ${t.processes} process${t.processes > 1 ? "es" : ""}`,
  t.dispatchS,
  t.totalS,
  t.jobsPerS,
  t.doneDuringDispatch === null ? "—" : String(t.doneDuringDispatch),
  t.afterDispatchPerS === null ? "—" : t.afterDispatchPerS,
  (t.wakeUps.jobs / N).toFixed(2),
  `${t.wakeUps.retries}`,
  `${t.completed}`,
  `${t.lost}`,
  `${t.duplicates}`,
  t.processes > 1 ? `${t.byProcess.bench} / ${t.byProcess.child}` : `${t.byProcess.bench}`,
];
console.log(`\nthroughput: ${N} runs (live: dispatched in one dispatch() call to running workers; backlog: queued first, then the workers start)\n`);
console.log(
  table(
    ["mode, workers", "dispatch s", "total s", "jobs/s", "done in dispatch", "jobs/s after it", "wake-ups/run", "failed wake-ups", "completed", "lost", "duplicates", "steps here / child"],
    runs.map(tpRow),
  ),
);
console.log(`\nBaseline — ${BASELINE}.`);
const problems = runs.flatMap((t) => {
  const name = `${t.mode}, ${t.processes} process(es)`;
  return [
    ...(t.lost ? [`${name}: ${t.lost} runs not completed (${t.failed} failed)`] : []),
    ...(t.duplicates ? [`${name}: ${t.duplicates} duplicate step executions`] : []),
    ...(t.neverStarted > t.lost ? [`${name}: ${t.neverStarted} completed runs without a step start`] : []),
  ];
});
// Not a wrong result, but figures that do not measure what they claim to.
const warnings = [
  ...runs.filter((t) => t.processes > 1 && t.byProcess.child === 0).map((t) => `${t.mode}, 2 processes: the child ran no step`),
  ...[...Object.entries(latencyWakeUps), ...runs.map((t) => [`${t.mode}, ${t.processes} process(es)`, t.wakeUps] as const)]
    .filter(([, w]) => w.retries || w.failed)
    .map(([name, w]) => `${name}: ${w.retries} wake-up attempts failed (${w.failed} gave up), first error: ${w.error?.slice(0, 400) ?? "(not kept: the wake-ups completed on a later attempt)"}`),
];
for (const w of warnings) console.log(`⚠ ${w}`);
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
      machine: { cpus: os.cpus().length, cpuModel: os.cpus()[0]?.model, memoryGb: Math.round(os.totalmem() / 2 ** 30), loadAverage: os.loadavg(), node: process.version, postgres: postgresVersion, pgBoss: pgBossVersion },
      settings: { samples: SAMPLES, warmup: WARMUP, n: N, concurrency: CONCURRENCY, gapMs: [0, GAP_MS] },
      latency: { inProcess: a, otherProcess: b, otherProcessReceived: bReceived, dispatchInProcess: dispatchA, dispatchProducer: dispatchB },
      latencyWakeUps,
      throughput: runs,
      warnings,
      baseline: BASELINE,
    },
    null,
    2,
  ) + "\n",
);
console.log(`Results: ${RESULTS}/jobs.json (total ${totalSeconds.toFixed(0)} s)`);
await pool.end();
process.exit(problems.length ? 1 : 0);
