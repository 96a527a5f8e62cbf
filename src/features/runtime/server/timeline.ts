import "server-only";
import { db } from "@/server/db";
import { phaseIterationLabel, phaseLabel } from "../phase";
import type { GateScore } from "./self-refine";

/**
 * One step of a run's timeline. `at` is only ever a recorded time; a step without one says why in
 * `untimed`. `sincePreviousMs` is the time since the previous step that has a time (null when
 * either has none, or when the recorded order is the other way round).
 */
export type TimelineStep = {
  key: string;
  kind: "queued" | "started" | "iteration" | "proposals" | "report" | "observations" | "finished" | "running";
  label: string;
  at: Date | null;
  untimed: string | null;
  detail: string | null;
  tone: "zinc" | "green" | "red" | "amber" | "brand";
  sincePreviousMs: number | null;
  /** Iterations: the weighted score and each gate's. */
  score?: number;
  gates?: { name: string; score: number | null }[];
};

const plural = (n: number, noun: string) => `${n} ${n === 1 ? noun : `${noun}s`}`;
const num = (x: unknown) => (typeof x === "number" && Number.isFinite(x) ? x : null);

/**
 * What happened to a run, in order, with the times that are recorded: started, each self-refine
 * iteration (weighted score and gate scores), what it saved (proposals, report, observations) and
 * how it ended. Only times the database holds are shown: the wake's request time is not kept
 * with the run, and iterations are written together when the run is saved, so they have no time
 * of their own. Null when the run is not in this workspace.
 */
export async function getRunTimeline(workspaceId: string, runId: string): Promise<TimelineStep[] | null> {
  const run = await db.wakeRun.findFirst({
    where: { id: runId, workspaceId },
    select: {
      status: true, reason: true, startedAt: true, finishedAt: true, durationMs: true, error: true, outcome: true, phase: true, phaseIteration: true,
      iterationsLog: { where: { workspaceId }, orderBy: { index: "asc" }, select: { index: true, score: true, gateScores: true } },
    },
  });
  if (!run) return null;
  const [sets, reports, observations] = await Promise.all([
    db.changeSet.findMany({ where: { workspaceId, wakeRunId: runId }, select: { createdAt: true, _count: { select: { items: true } } } }),
    db.agentReport.findMany({ where: { workspaceId, wakeRunId: runId }, orderBy: { createdAt: "asc" }, select: { createdAt: true } }),
    db.agentMessage.findMany({ where: { workspaceId, wakeRunId: runId, kind: "observation" }, orderBy: { createdAt: "asc" }, select: { createdAt: true } }),
  ]);
  const earliest = (rows: { createdAt: Date }[]) => rows.reduce<Date | null>((min, r) => (!min || r.createdAt < min ? r.createdAt : min), null);

  const steps: Omit<TimelineStep, "sincePreviousMs">[] = [
    {
      key: "queued", kind: "queued", label: "Queued", at: null, tone: "zinc", detail: null,
      untimed: "Not recorded: when the wake was asked for is not kept with the run.",
    },
    { key: "started", kind: "started", label: "Started", at: run.startedAt, untimed: null, tone: "brand", detail: `Woken by: ${run.reason}` },
  ];
  for (const it of run.iterationsLog) {
    const gates = (Array.isArray(it.gateScores) ? (it.gateScores as GateScore[]) : [])
      .filter((g) => g && typeof g === "object" && typeof g.name === "string")
      .map((g) => ({ name: g.name, score: num(g.score) }));
    steps.push({
      key: `iteration-${it.index}`, kind: "iteration", label: `Iteration ${it.index}`, at: null, tone: "zinc",
      untimed: "No time of its own: iterations are saved together with the run.",
      detail: gates.length ? null : "No quality gates scored.", score: it.score, gates,
    });
  }
  const items = sets.reduce((n, s) => n + s._count.items, 0);
  if (items > 0) steps.push({ key: "proposals", kind: "proposals", label: "Proposals saved", at: earliest(sets), untimed: null, tone: "zinc", detail: plural(items, "proposal") });
  if (reports.length) steps.push({ key: "report", kind: "report", label: "Report written", at: earliest(reports), untimed: null, tone: "zinc", detail: reports.length > 1 ? plural(reports.length, "report") : null });
  if (observations.length) steps.push({ key: "observations", kind: "observations", label: "Observations recorded", at: earliest(observations), untimed: null, tone: "zinc", detail: plural(observations.length, "observation") });
  if (run.status === "running") {
    steps.push({
      key: "running", kind: "running", label: "Running", at: null, tone: "amber", untimed: "Not finished yet.",
      detail: [phaseLabel(run.phase), phaseIterationLabel(run.phase, run.phaseIteration)].filter(Boolean).join(" · "),
    });
  } else {
    steps.push({
      key: "finished", kind: "finished", label: run.status === "failed" ? "Failed" : "Succeeded", at: run.finishedAt,
      untimed: run.finishedAt ? null : "Not recorded.", tone: run.status === "failed" ? "red" : "green",
      detail: run.status === "failed" ? (run.error ?? "No error was recorded.") : run.error,
    });
  }

  // The time since the previous timed step. A wake stamps each row by the app's clock as it writes
  // it and ends the run after the last write, so its steps are in order; a negative gap (a run
  // recorded otherwise, clock order differing from step order) is not shown.
  let previous: Date | null = null;
  return steps.map((s) => {
    const gap = s.at && previous ? s.at.getTime() - previous.getTime() : null;
    if (s.at) previous = s.at;
    return { ...s, sincePreviousMs: gap !== null && gap >= 0 ? gap : null };
  });
}
