import "server-only";
import { parseExternalRunInputs } from "@/features/agents/server";
import { parseRunInputs, type RunInputs } from "@/features/runtime/server";
import { Prisma } from "@/generated/prisma/client";
import { db } from "@/server/db";
import type { DecidedItem } from "../compare";

// Which runs a proposal is replayed on: the template's wakes of the week before the proposal that
// stored their inputs, stratified by what people did with their proposals — runs with a rejection,
// runs with acceptances only, runs nobody decided on — so a small sample still holds every kind,
// in proportion (at least one of each kind there is). Newest first within a kind. The product's own
// wakes are played again here; an external agent's runs, by the template's replay endpoint.

export const REPLAY_WINDOW_MS = 7 * 24 * 3_600_000;
export const DEFAULT_SAMPLE_SIZE = 30;

export type SampledRun<I = RunInputs> = { id: string; agentId: string; externalId: string | null; startedAt: Date; inputs: I; decided: DecidedItem[] };

const runSelect = {
  id: true,
  agentId: true,
  externalId: true,
  startedAt: true,
  inputs: true,
  changeSets: { select: { items: { orderBy: [{ createdAt: "asc" }, { id: "asc" }], select: { tool: true, args: true, summary: true, decisions: { orderBy: { decidedAt: "desc" }, take: 1, select: { verdict: true, reason: true } } } } } },
} satisfies Prisma.WakeRunSelect;

type Row = Prisma.WakeRunGetPayload<{ select: typeof runSelect }>;

function sampled<I>(r: Row, parse: (stored: unknown) => I | null): SampledRun<I> | null {
  const inputs = parse(r.inputs);
  if (!inputs) return null;
  const decided = r.changeSets
    .flatMap((s) => s.items)
    .flatMap((i): DecidedItem[] => {
      const d = i.decisions[0];
      return d && d.verdict !== "deferred" ? [{ tool: i.tool, args: i.args, summary: i.summary, verdict: d.verdict, reason: d.reason }] : [];
    });
  return { id: r.id, agentId: r.agentId, externalId: r.externalId, startedAt: r.startedAt, inputs, decided };
}

async function sampleWith<I>(parse: (stored: unknown) => I | null, { workspaceId, templateId, before, size }: { workspaceId: string; templateId: string; before: Date; size: number }): Promise<SampledRun<I>[]> {
  const rows = await db.wakeRun.findMany({
    where: { workspaceId, templateId, status: "succeeded", inputs: { not: Prisma.DbNull }, startedAt: { gte: new Date(before.getTime() - REPLAY_WINDOW_MS), lte: before } },
    orderBy: [{ startedAt: "desc" }, { id: "asc" }],
    take: 500,
    select: runSelect,
  });
  return stratify(rows.flatMap((r) => sampled(r, parse) ?? []), size);
}

/** The product's own wakes of the week before the proposal, with their stored inputs. */
export function sampleRuns({ size = DEFAULT_SAMPLE_SIZE, ...window }: { workspaceId: string; templateId: string; before: Date; size?: number }): Promise<SampledRun[]> {
  return sampleWith(parseRunInputs, { ...window, size });
}

/** An external agent's runs of that week that came with their inputs (POST /api/v1/runs `inputs`). */
export function sampleExternalRuns({ size = DEFAULT_SAMPLE_SIZE, ...window }: { workspaceId: string; templateId: string; before: Date; size?: number }): Promise<SampledRun<Record<string, unknown>>[]> {
  return sampleWith(parseExternalRunInputs, { ...window, size });
}

/** One sampled external run, read again by the step that replays it. */
export async function loadExternalRun(workspaceId: string, runId: string): Promise<SampledRun<Record<string, unknown>> | null> {
  const row = await db.wakeRun.findFirst({ where: { id: runId, workspaceId }, select: runSelect });
  return row ? sampled(row, parseExternalRunInputs) : null;
}

/** Proportional allocation over the kinds, at least one per kind present; ties go to the kinds with rejections first. */
export function stratify<R extends { decided: DecidedItem[] }>(runs: R[], size: number): R[] {
  if (runs.length <= size) return runs;
  const kinds = [
    runs.filter((r) => r.decided.some((d) => d.verdict === "rejected")),
    runs.filter((r) => r.decided.length > 0 && r.decided.every((d) => d.verdict === "confirmed")),
    runs.filter((r) => r.decided.length === 0),
  ];
  const present = kinds.filter((k) => k.length > 0);
  const quota = present.map((k) => Math.max(1, Math.floor((k.length / runs.length) * size)));
  for (let i = 0; quota.reduce((a, b) => a + b, 0) < size; i = (i + 1) % present.length) if (quota[i]! < present[i]!.length) quota[i]!++;
  while (quota.reduce((a, b) => a + b, 0) > size) quota[quota.indexOf(Math.max(...quota))]!--;
  return present.flatMap((k, i) => k.slice(0, quota[i]));
}
