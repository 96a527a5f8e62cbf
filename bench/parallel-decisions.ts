// Benchmark: bursts of decisions on one thing (issue 38). ROUNDS times, BURST calls at once on the
// app's own pool (DATABASE_POOL_MAX, 10 by default) from a member, an admin and the owner:
//   approve  — BURST approvals of one pending proposal (a fresh session each round);
//   mixed    — half approve, half reject the same proposal;
//   promote  — BURST promotes of one version (after a rollback to v1), by the admin and the owner.
// Each round must end with exactly one winner (+1 version and one decision note for an approval)
// and BURST − 1 × 409, no other status. Goal: every call answered in < 2 s. The calls go through the
// services the actions call, their errors mapped by the actions' own mapper (toErrorBody); the
// action adds a membership read per call. Run with `npm run bench -- parallel-decisions`.
import { mkdirSync, writeFileSync } from "node:fs";
import os from "node:os";
import { makeTemplate, makeWorkspace, uid } from "../tests/factories";
import { summarize, table } from "./lib/measure";
import { benchSettings, log, openBenchDatabase } from "./lib/setup";

process.env.LOG_LEVEL ??= "error"; // the outbox warns on every recorded proposal: no executor runs here
const { ROUNDS, BURST } = benchSettings({ ROUNDS: 20, BURST: 20 });
const GOAL_MS = 2_000;
const RESULTS = "bench/results";

const { postgresVersion } = await openBenchDatabase();
const { env } = await import("@/env");
const { db } = await import("@/server/db");
const { toErrorBody } = await import("@/server/errors");
const { approveProposal, rejectProposal, recordProposal, startSession } = await import("@/features/one-on-one/server");
const { createTemplateVersion } = await import("@/features/templates/server");
const { setTemplateHead } = await import("@/features/templates/server/set-template-head");

const f = await makeWorkspace({ roles: ["member", "admin"] });
const template = await makeTemplate(f.scope, { name: `Burst ${uid()}`, directives: "You triage support tickets.\n- Classify the product area." });
const people = [f.members.member!, f.members.admin!, f.owner].map((u) => ({ workspaceId: f.workspace.id, actorUserId: u.id }));
const admins = people.slice(1);

type Call = { status: number; ms: number };
/** One call as a request sees it: its status (200, or the mapped error's) and how long it took. */
async function call(work: () => Promise<unknown>): Promise<Call> {
  const start = performance.now();
  try {
    await work();
    return { status: 200, ms: performance.now() - start };
  } catch (e) {
    return { status: toErrorBody(e).status, ms: performance.now() - start };
  }
}

async function pendingProposal(round: number) {
  const { session } = await startSession({ scope: f.scope, templateId: template.id });
  const head = await db.agentTemplate.findUniqueOrThrow({ where: { id: template.id }, select: { head: { select: { directives: true } } } });
  const { proposalId } = await recordProposal({ workspaceId: f.workspace.id, sessionId: session.id, input: { directives: `${head.head!.directives}\n- Round ${round}: ${uid()}.`, rationale: "Bench.", confidence: 0.9 } });
  return { sessionId: session.id, proposalId };
}

const versions = () => db.templateVersion.count({ where: { templateId: template.id } });
const notes = (sessionId: string) => db.evolutionNote.count({ where: { sessionId, kind: "decision" } });

type Scenario = { name: string; round: (r: number) => Promise<{ calls: Call[]; consistent: boolean }> };
const scenarios: Scenario[] = [
  {
    name: "approve",
    round: async (r) => {
      const { sessionId, proposalId } = await pendingProposal(r);
      const v0 = await versions();
      const calls = await Promise.all(Array.from({ length: BURST }, (_, i) => call(() => approveProposal({ scope: people[i % people.length]!, proposalId, rating: 0.8, finish: true }))));
      return { calls, consistent: (await versions()) === v0 + 1 && (await notes(sessionId)) === 1 };
    },
  },
  {
    name: "approve ∥ reject",
    round: async (r) => {
      const { sessionId, proposalId } = await pendingProposal(r);
      const v0 = await versions();
      const calls = await Promise.all(
        Array.from({ length: BURST }, (_, i) =>
          call(() => (i % 2 === 0 ? approveProposal({ scope: people[i % people.length]!, proposalId, rating: 0.8, finish: true }) : rejectProposal({ scope: people[i % people.length]!, proposalId, reason: "Not this." }))),
        ),
      );
      const { status } = await db.proposal.findUniqueOrThrow({ where: { id: proposalId }, select: { status: true } });
      if (status === "rejected") await db.evolutionSession.update({ where: { id: sessionId }, data: { status: "abandoned" } });
      return { calls, consistent: (await versions()) === v0 + (status === "approved" ? 1 : 0) && (await notes(sessionId)) === 1 };
    },
  },
  {
    name: "promote",
    round: async (r) => {
      const v1 = await db.templateVersion.findFirstOrThrow({ where: { templateId: template.id, number: 1 }, select: { id: true } });
      const target = await createTemplateVersion({ scope: f.scope, templateId: template.id, directives: `Round ${r} ${uid()}`, authoredBy: "user" });
      await setTemplateHead({ scope: f.scope, templateId: template.id, versionId: v1.id });
      const calls = await Promise.all(Array.from({ length: BURST }, (_, i) => call(() => setTemplateHead({ scope: admins[i % admins.length]!, templateId: template.id, versionId: target.id }))));
      const head = await db.agentTemplate.findUniqueOrThrow({ where: { id: template.id }, select: { headVersionId: true } });
      return { calls, consistent: head.headVersionId === target.id };
    },
  },
];

console.log(`→ ${ROUNDS} rounds of ${BURST} calls at once, pool of ${env.DATABASE_POOL_MAX}, ${os.availableParallelism()} CPUs, PostgreSQL ${postgresVersion}`);
const rows: (string | number)[][] = [];
const report: Record<string, unknown> = {};
let failed = false;
for (const s of scenarios) {
  const all: Call[] = [];
  let good = 0;
  for (let r = 0; r < ROUNDS; r++) {
    const { calls, consistent } = await s.round(r);
    all.push(...calls);
    const wins = calls.filter((c) => c.status === 200).length;
    const conflicts = calls.filter((c) => c.status === 409).length;
    if (wins === 1 && conflicts === BURST - 1 && consistent) good++;
    else log(`${s.name} round ${r}: ${wins} ok, ${conflicts} × 409, statuses ${calls.map((c) => c.status).join(",")}, consistent ${consistent}`);
  }
  const ms = summarize(all.map((c) => c.ms));
  const others = all.filter((c) => c.status !== 200 && c.status !== 409).length;
  const meets = good === ROUNDS && ms.max < GOAL_MS;
  failed ||= !meets;
  rows.push([s.name, `${good}/${ROUNDS}`, String(others), ms.p50, ms.p95, ms.max, meets ? "✓" : "✗"]);
  report[s.name] = { roundsWithOneWinner: good, rounds: ROUNDS, otherStatuses: others, ms };
}
console.log(table(["burst", "1 winner + 409s", "other statuses", "p50 ms", "p95 ms", "max ms", `max < ${GOAL_MS}`], rows));
mkdirSync(RESULTS, { recursive: true });
writeFileSync(`${RESULTS}/parallel-decisions.json`, JSON.stringify({ at: new Date().toISOString(), cpus: os.availableParallelism(), pool: env.DATABASE_POOL_MAX, postgresVersion, rounds: ROUNDS, burst: BURST, goalMs: GOAL_MS, scenarios: report }, null, 2));
process.exit(failed ? 1 : 0);
