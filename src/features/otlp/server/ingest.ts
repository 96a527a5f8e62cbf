import "server-only";
import { recordRuns } from "@/features/agents/server";
import { WakeReason } from "@/generated/prisma/enums";
import { recordModelUsage, type UsageToRecord } from "@/features/usage/server";
import { Prisma } from "@/generated/prisma/client";
import { db, type Tx } from "@/server/db";
import { isUniqueViolation } from "@/server/errors";
import type { Scope } from "@/server/scope";
import type { OtlpSpan } from "../decode";
import { runsFromSpans, type ModelCallFromSpan, type RunFromSpans } from "../spans-to-runs";

export type IngestResult = {
  /** Runs stored now. */
  recorded: number;
  /** Runs this workspace already had (the same span sent again): not stored twice. */
  duplicates: number;
  /** Spans of runs that could not be stored (unknown agent, unknown version), with the reasons. */
  rejectedSpans: number;
  errors: string[];
  /** Spans that are not runs and not part of one: ignored by design. */
  ignored: number;
};

const REASONS = new Set<string>(Object.values(WakeReason));

/** Model calls waiting for their run are kept this long (a run span sent a day late finds none). */
export const OTLP_CALL_RETENTION_MS = 24 * 60 * 60 * 1000;

/** The row holding a run's totals when no model call of it was known (spanId `totals:<run span>`). */
const TOTALS_PREFIX = "totals:";

type CallRow = { spanId: string; model: string | null; inputTokens: number; outputTokens: number };

/** The traces' model calls no run has counted yet, locked (in one order) until the caller commits: a concurrent export of the same calls waits. */
function lockOpenCalls(tx: Tx, workspaceId: string, traceIds: string[]) {
  return tx.$queryRaw<(CallRow & { traceId: string })[]>`
    SELECT "traceId", "spanId", "model", "inputTokens", "outputTokens" FROM "OtlpModelCall"
    WHERE "workspaceId" = ${workspaceId} AND "traceId" = ANY(${traceIds}) AND "runId" IS NULL
    ORDER BY "traceId", "spanId" FOR UPDATE`;
}

function totals(calls: CallRow[], fallbackModel: string | null) {
  const models = new Map<string, number>();
  for (const c of calls) if (c.model) models.set(c.model, (models.get(c.model) ?? 0) + 1);
  const model = [...models.entries()].sort((a, b) => b[1] - a[1])[0]?.[0] ?? fallbackModel;
  return {
    inputTokens: calls.reduce((n, c) => n + c.inputTokens, 0),
    outputTokens: calls.reduce((n, c) => n + c.outputTokens, 0),
    calls: calls.length,
    model,
  };
}

/**
 * Stores what an OpenTelemetry export describes (spans-to-runs.ts). Model calls are written first
 * (one row per span: a retried export adds nothing), then the export's runs in one transaction,
 * set-based (agents/server recordRuns: recordRun's rules — the agents' state, the probation arm each
 * ran — in a fixed number of statements) under the run span's id, claiming its trace's calls not yet counted, and the usage ledger
 * once per template, day and model. Calls that arrive after their run (a run span exported before
 * a slow child) are added to it when the trace has exactly one run. So a retried export stores
 * nothing twice, and an export's runs are stored all or none.
 */
export async function ingestSpans({ scope, spans, now = new Date() }: { scope: Scope; spans: OtlpSpan[]; now?: Date }): Promise<IngestResult> {
  const { runs, calls, ignored } = runsFromSpans(spans);
  const result: IngestResult = { recorded: 0, duplicates: 0, rejectedSpans: 0, errors: [], ignored };
  const workspaceId = scope.workspaceId;
  if (calls.length) {
    await db.otlpModelCall.createMany({
      data: calls.map((c) => ({ workspaceId, traceId: c.traceId, spanId: c.spanId, parentSpanId: c.parentSpanId, model: c.model, inputTokens: c.inputTokens, outputTokens: c.outputTokens })),
      skipDuplicates: true,
    });
  }

  const ids = [...new Set(runs.flatMap((r) => ("id" in r.agent ? [r.agent.id] : [])))];
  const externalIds = [...new Set(runs.flatMap((r) => ("externalId" in r.agent ? [r.agent.externalId] : [])))];
  const agents = runs.length
    ? await db.agent.findMany({
        where: { workspaceId, lifecycle: { not: "destroyed" }, OR: [{ id: { in: ids } }, { externalId: { in: externalIds } }] },
        select: { id: true, externalId: true, templateId: true },
      })
    : [];
  const byId = new Map(agents.map((a) => [a.id, a]));
  const byExternal = new Map(agents.filter((a) => a.externalId).map((a) => [a.externalId!, a]));
  const versionNumbers = [...new Set(runs.flatMap((r) => (r.versionNumber ? [r.versionNumber] : [])))];
  const versions = versionNumbers.length
    ? await db.templateVersion.findMany({ where: { workspaceId, templateId: { in: [...new Set(agents.map((a) => a.templateId))] }, number: { in: versionNumbers } }, select: { id: true, templateId: true, number: true } })
    : [];
  const versionOf = new Map(versions.map((v) => [`${v.templateId}:${v.number}`, v.id]));
  /** The first run of each trace in this request takes the trace's calls that name no run. */
  const firstOfTrace = new Map<string, string>();
  for (const r of runs) if (!firstOfTrace.has(r.traceId)) firstOfTrace.set(r.traceId, r.spanId);
  const callRun = new Map(calls.map((c) => [c.spanId, c.runSpanId]));

  const reject = (run: RunFromSpans, why: string) => {
    result.rejectedSpans += run.spans;
    if (result.errors.length < 10) result.errors.push(why);
  };
  const accepted: { run: RunFromSpans; agentId: string; templateId: string; templateVersionId: string | undefined }[] = [];
  for (const run of runs) {
    const agent = "id" in run.agent ? byId.get(run.agent.id) : byExternal.get(run.agent.externalId);
    if (!agent) {
      // The id is not echoed: the caller knows what it sent, and an answer never names another workspace's rows.
      reject(run, `span ${run.spanId}: its ${"id" in run.agent ? "agent_coach.agent_id" : "agent_coach.agent_external_id"} names no agent of this workspace`);
      continue;
    }
    const templateVersionId = run.versionNumber ? versionOf.get(`${agent.templateId}:${run.versionNumber}`) : undefined;
    if (run.versionNumber && !templateVersionId) {
      reject(run, `span ${run.spanId}: agent_coach.template_version ${run.versionNumber} is not a version of its agent's template`);
      continue;
    }
    accepted.push({ run, agentId: agent.id, templateId: agent.templateId, templateVersionId });
  }
  // One lock order for every export (agents' state rows): two exports of the same agents never deadlock.
  accepted.sort((a, b) => (a.agentId < b.agentId ? -1 : a.agentId > b.agentId ? 1 : 0));

  /** The export's runs in one transaction: all of them or none, one commit. */
  const storeAll = () =>
    db.$transaction(
      async (tx) => {
        const traceIds = [...new Set(accepted.map((a) => a.run.traceId))];
        const open = traceIds.length ? await lockOpenCalls(tx, workspaceId, traceIds) : [];
        const claims: { traceId: string; spanId: string; runId: string }[] = [];
        const totalsRows: Prisma.OtlpModelCallCreateManyInput[] = [];
        const ledger = new Map<string, UsageToRecord>();
        let recorded = 0;
        let duplicates = 0;
        const sums = accepted.map(({ run }) => {
          const mine = open.filter((c) => {
            if (c.traceId !== run.traceId) return false;
            const named = callRun.has(c.spanId) ? callRun.get(c.spanId) : null;
            return named ? named === run.spanId : firstOfTrace.get(run.traceId) === run.spanId;
          });
          const sum = mine.length ? totals(mine, run.model) : run.ownUsage ? { inputTokens: run.ownUsage.input, outputTokens: run.ownUsage.output, calls: 1, model: run.model } : null;
          return { mine, sum };
        });
        const stored = await recordRuns(
          tx,
          scope,
          accepted.map(({ run, agentId, templateId, templateVersionId }, i) => ({
            agentId,
            templateId,
            reason: run.reason && REASONS.has(run.reason) ? (run.reason as WakeReason) : "manual",
            status: run.status,
            templateVersionId,
            startedAt: run.startedAt,
            finishedAt: run.finishedAt,
            durationMs: run.durationMs,
            inputTokens: sums[i].sum?.inputTokens ?? 0,
            outputTokens: sums[i].sum?.outputTokens ?? 0,
            error: run.error,
            externalId: run.externalId,
          })),
        );
        accepted.forEach(({ run, templateId }, i) => {
          const { mine, sum } = sums[i];
          if (stored[i].duplicate) {
            duplicates++;
            return;
          }
          recorded++;
          const runId = stored[i].id;
          for (const c of mine) claims.push({ traceId: run.traceId, spanId: c.spanId, runId });
          // Totals from the run's own spans (an AI SDK generateText, a GenAI agent span) already hold
          // the calls that may still arrive: a marker row says so (countLateCalls).
          if (!mine.length && sum) totalsRows.push({ workspaceId, traceId: run.traceId, spanId: `${TOTALS_PREFIX}${run.spanId}`, model: sum.model, inputTokens: sum.inputTokens, outputTokens: sum.outputTokens, runId });
          if (sum) addToLedger(ledger, { workspaceId, templateId, at: run.finishedAt, model: sum.model, calls: sum.calls, inputTokens: sum.inputTokens, outputTokens: sum.outputTokens });
        });
        if (claims.length) {
          const rows = claims.map((c) => Prisma.sql`(${c.traceId}, ${c.spanId}, ${c.runId})`);
          await tx.$executeRaw`
            UPDATE "OtlpModelCall" AS c SET "runId" = v.run
            FROM (VALUES ${Prisma.join(rows)}) AS v(trace, span, run)
            WHERE c."workspaceId" = ${workspaceId} AND c."traceId" = v.trace AND c."spanId" = v.span`;
        }
        if (totalsRows.length) await tx.otlpModelCall.createMany({ data: totalsRows, skipDuplicates: true });
        for (const usage of ledger.values()) await recordModelUsage(tx, usage);
        return { recorded, duplicates };
      },
      // A large export is many runs; the default 5 s is for a request's own small writes.
      { timeout: 60_000, maxWait: 30_000 },
    );
  if (accepted.length) {
    let stored: { recorded: number; duplicates: number };
    try {
      stored = await storeAll();
    } catch (e) {
      // Another request stored some of these runs at the same moment: again, they are duplicates now.
      if (!isUniqueViolation(e)) throw e;
      stored = await storeAll();
    }
    result.recorded = stored.recorded;
    result.duplicates = stored.duplicates;
  }

  await countLateCalls(workspaceId, calls);
  // Now and then, calls whose run never came are dropped.
  if (Math.random() < 0.01) await db.otlpModelCall.deleteMany({ where: { createdAt: { lt: new Date(now.getTime() - OTLP_CALL_RETENTION_MS) } } });
  return result;
}

/** Adds a run's usage to the export's ledger entries (one per template, day and model). */
function addToLedger(ledger: Map<string, UsageToRecord>, u: { workspaceId: string; templateId: string; at: Date; model: string | null; calls: number; inputTokens: number; outputTokens: number }) {
  const model = u.model ?? "unknown";
  const k = `${u.templateId}\u0000${u.at.toISOString().slice(0, 10)}\u0000${model}`;
  const entry = ledger.get(k) ?? { workspaceId: u.workspaceId, templateId: u.templateId, at: u.at, entries: [{ role: "task" as const, model, calls: 0, inputTokens: 0, outputTokens: 0 }] };
  const e = entry.entries[0];
  e.calls += u.calls;
  e.inputTokens += u.inputTokens;
  e.outputTokens += u.outputTokens;
  ledger.set(k, entry);
}

/** Calls of this request still unclaimed whose trace already has its one run (stored by an earlier request): added to it. */
async function countLateCalls(workspaceId: string, calls: ModelCallFromSpan[]) {
  const traces = [...new Set(calls.filter((c) => c.runSpanId === null).map((c) => c.traceId))];
  for (const traceId of traces) {
    const runsOfTrace = await db.wakeRun.findMany({ where: { workspaceId, externalId: { startsWith: `otlp:${traceId}:` } }, select: { id: true, templateId: true, finishedAt: true }, take: 2 });
    if (runsOfTrace.length !== 1) continue; // none yet (the run comes later and claims them), or ambiguous
    const [run] = runsOfTrace;
    await db.$transaction(async (tx) => {
      const open = await lockOpenCalls(tx, workspaceId, [traceId]);
      if (open.length === 0) return;
      await tx.otlpModelCall.updateMany({ where: { workspaceId, traceId, spanId: { in: open.map((c) => c.spanId) } }, data: { runId: run.id } });
      // A run stored with its spans' totals already counts these calls.
      if (await tx.otlpModelCall.count({ where: { workspaceId, traceId, runId: run.id, spanId: { startsWith: TOTALS_PREFIX } } })) return;
      const sum = totals(open, null);
      await tx.wakeRun.update({ where: { id: run.id, workspaceId }, data: { inputTokens: { increment: sum.inputTokens }, outputTokens: { increment: sum.outputTokens } } });
      await recordModelUsage(tx, { workspaceId, templateId: run.templateId, at: run.finishedAt ?? new Date(), entries: [{ role: "task", model: sum.model ?? "unknown", calls: sum.calls, inputTokens: sum.inputTokens, outputTokens: sum.outputTokens }] });
    });
  }
}
