import { plural } from "@/lib/format";
import { describeEffect, GUARDED, type ProbationEffects } from "./effect";

// What a measurement means for a running probation (pure): harm found by the sequential test ends
// it at once ("harm_detected"); otherwise it graduates once the window has passed — at least
// `minDays` since it started AND at least `minRuns` runs in each arm, whichever comes later — or,
// when the runs never come, after MAX_WINDOW_FACTOR × minDays with what there is.

export const MAX_WINDOW_FACTOR = 4;
const DAY_MS = 86_400_000;

export type ProbationWindow = { startedAt: Date; minDays: number; minRuns: number };
export type Verdict = { status: "running" } | { status: "graduated" | "harm_detected"; note: string };

export function windowPassed(p: ProbationWindow, effects: ProbationEffects, now: Date): "yes" | "no" | "timedOut" {
  const days = (now.getTime() - p.startedAt.getTime()) / DAY_MS;
  if (days < p.minDays) return "no";
  if (Math.min(effects.runs.candidate, effects.runs.baseline) >= p.minRuns) return "yes";
  return days >= MAX_WINDOW_FACTOR * p.minDays ? "timedOut" : "no";
}

const lines = (effects: ProbationEffects, keys: readonly string[]) =>
  effects.metrics.filter((m) => keys.includes(m.metric)).map(describeEffect).join("; ");

export function judgeProbation(p: ProbationWindow, effects: ProbationEffects, now: Date): Verdict {
  if (effects.harm.length) return { status: "harm_detected", note: `Worse than the previous version: ${lines(effects, effects.harm)}.` };
  const passed = windowPassed(p, effects, now);
  if (passed === "no") return { status: "running" };
  const measured = lines(effects, GUARDED);
  if (passed === "timedOut") {
    return { status: "graduated", note: `No harm found, though the window ended after ${plural(MAX_WINDOW_FACTOR * p.minDays, "day")} with fewer than ${plural(p.minRuns, "run")} in an arm: ${measured}.` };
  }
  return { status: "graduated", note: `No harm found in ${plural(p.minDays, "day")}: ${measured}.` };
}
