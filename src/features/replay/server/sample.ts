import "server-only";
import { parseRunInputs, type RunInputs } from "@/features/runtime/server";
import { Prisma } from "@/generated/prisma/client";
import { db } from "@/server/db";
import type { DecidedItem } from "../compare";

// Which runs a proposal is replayed on: the template's wakes of the week before the proposal that
// stored their inputs, stratified by what people did with their proposals — runs with a rejection,
// runs with acceptances only, runs nobody decided on — so a small sample still holds every kind,
// in proportion (at least one of each kind there is). Newest first within a kind.

export const REPLAY_WINDOW_MS = 7 * 24 * 3_600_000;
export const DEFAULT_SAMPLE_SIZE = 30;

export type SampledRun = { id: string; inputs: RunInputs; decided: DecidedItem[] };

export async function sampleRuns({ workspaceId, templateId, before, size = DEFAULT_SAMPLE_SIZE }: { workspaceId: string; templateId: string; before: Date; size?: number }): Promise<SampledRun[]> {
  const rows = await db.wakeRun.findMany({
    where: { workspaceId, templateId, status: "succeeded", inputs: { not: Prisma.DbNull }, startedAt: { gte: new Date(before.getTime() - REPLAY_WINDOW_MS), lte: before } },
    orderBy: [{ startedAt: "desc" }, { id: "asc" }],
    take: 500,
    select: {
      id: true,
      inputs: true,
      changeSets: { select: { items: { orderBy: [{ createdAt: "asc" }, { id: "asc" }], select: { tool: true, args: true, summary: true, decisions: { orderBy: { decidedAt: "desc" }, take: 1, select: { verdict: true, reason: true } } } } } },
    },
  });
  const runs: SampledRun[] = [];
  for (const r of rows) {
    const inputs = parseRunInputs(r.inputs);
    if (!inputs) continue;
    const decided = r.changeSets
      .flatMap((s) => s.items)
      .flatMap((i): DecidedItem[] => {
        const d = i.decisions[0];
        return d && d.verdict !== "deferred" ? [{ tool: i.tool, args: i.args, summary: i.summary, verdict: d.verdict, reason: d.reason }] : [];
      });
    runs.push({ id: r.id, inputs, decided });
  }
  return stratify(runs, size);
}

/** Proportional allocation over the kinds, at least one per kind present; ties go to the kinds with rejections first. */
export function stratify(runs: SampledRun[], size: number): SampledRun[] {
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
