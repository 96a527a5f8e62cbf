// The agents' list reads under Prisma's two relation strategies (agents README, bench/README.md
// "2026-11-29: a warmed-up server"): joined into the statement, or a statement per relation. Not part
// of the product; kept so the figures can be re-measured on the pages benchmark's large workspace:
//
//   DATABASE_URL=… KEEP_BENCH_DB=1 BENCH_OBSERVATIONS=20000 BENCH_DECISIONS=2000 BENCH_ONLY=usage \
//     BENCH_WARMUP_ROUNDS=0 BENCH_VIEWS=2 BENCH_USERS=1 BENCH_LOAD_SECONDS=1 BENCH_SATURATION_SECONDS=1 npm run bench -- pages
//   DATABASE_URL=<the kept database> node --import tsx --import ./scripts/lib/server-only/register.mjs \
//     scripts/experiments/relation-load-strategy.ts
import { FEEDBACK_WORKSPACE_ID } from "../../bench/lib/feedback-dataset";

const { db } = await import("@/server/db");
const { listAgentsPage } = await import("@/features/agents/server/list-agents-page");
const select = {
  id: true, displayName: true,
  template: { select: { id: true, name: true } },
  task: { select: { id: true, title: true, status: true } },
  state: { select: { lastWakeAt: true, wakeCounter: true, consecutiveFailureCount: true } },
  runs: { where: { finishedAt: { not: null } }, orderBy: { startedAt: "desc" }, take: 1, select: { id: true, status: true, error: true } },
} as const;

/** Mean ms of 10 calls after 3. */
async function timed(label: string, call: () => Promise<unknown>) {
  for (let i = 0; i < 3; i++) await call();
  const started = performance.now();
  for (let i = 0; i < 10; i++) await call();
  console.log(`${label}: ${((performance.now() - started) / 10).toFixed(1)} ms`);
}

const workspaceId = FEEDBACK_WORKSPACE_ID;
for (const strategy of ["join", "query"] as const) {
  // The agents page's order (no index: every agent is sorted) and listAgents' (its index).
  await timed(`${strategy}, order createdAt then id, 51 rows`, () => db.agent.findMany({ where: { workspaceId }, orderBy: [{ createdAt: "desc" }, { id: "desc" }], take: 51, select, relationLoadStrategy: strategy }));
  await timed(`${strategy}, order createdAt, 500 rows`, () => db.agent.findMany({ where: { workspaceId }, orderBy: { createdAt: "desc" }, take: 500, select, relationLoadStrategy: strategy }));
}
await timed("listAgentsPage as shipped, with its counts", () => listAgentsPage({ workspaceId, withTotal: true }));
process.exit(0);
