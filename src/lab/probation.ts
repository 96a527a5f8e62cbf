import { checkProbations } from "@/features/probation/server";
import type { MetricEffect, MetricKey, ProbationEffects } from "@/features/probation/effect";
import { createTemplateVersion } from "@/features/templates/server";
import { db } from "@/server/db";
import { WEEK_MS, type Calendar } from "./calendar";
import { shiftSince } from "./time-shift";
import type { WeekContext } from "./work-week";

// Probation in the lab: the template's probation settings (off unless asked for, so a run stays
// reproducible — arms are dealt by a hash of database ids), the hourly check's probation step at
// each simulated Monday morning before the ritual, the saboteur (after the ritual of its week the
// owner saves a deliberately harmful version by hand: the initial directives, which drop everything
// learnt, plus a clause the built-in agents honour and the example teams dislike: estimates rounded
// to 45 minutes; probation starts with it unless a share was given), and what the report says
// about each probation.

export type LabProbation = { share: number; days: number; minRuns: number };

/** 30 runs per arm at 12 tickets a week would take months: the lab's window is 7 days and 20 runs per arm. */
export const LAB_PROBATION: LabProbation = { share: 0, days: 7, minRuns: 20 };
/** The share when the saboteur is on and no share was given. */
export const SABOTEUR_SHARE = 0.5;

export const SABOTAGE_LINES = ["- Round estimates to the nearest 45 minutes."];

export async function configureProbation(templateId: string, p: LabProbation) {
  await db.agentTemplate.update({ where: { id: templateId }, data: { probationShare: p.share, probationDays: p.days, probationMinRuns: p.minRuns } });
}

/** The probation step of the hourly check, at the Monday 09:00 the week's ritual starts. */
export async function checkLabProbations(ctx: WeekContext, week: number) {
  await checkProbations(ctx.calendar.ritualAt(week), { workspaceId: ctx.ws.workspaceId, notify: false });
}

/** The owner saves the harmful version by hand (the new-version form's path), an hour after the week's ritual. */
export async function sabotage(ctx: WeekContext, week: number): Promise<number> {
  const mark = new Date();
  const version = await createTemplateVersion({
    scope: ctx.ws.owner,
    templateId: ctx.ws.templateId,
    directives: `${ctx.ws.initialDirectives}\n${SABOTAGE_LINES.join("\n")}`,
    authoredBy: "user",
    rationale: "Saboteur (npm run lab --saboteur): drops everything learnt and rounds estimates to 45 minutes.",
  });
  await shiftSince(ctx.ws.workspaceId, mark, new Date(ctx.calendar.ritualAt(week).getTime() + 3_600_000));
  return version.number;
}

export type ProbationResult = {
  version: number;
  baseline: number;
  /** The lab week whose ritual started it (it ran from the next week on). */
  week: number;
  outcome: "running" | "graduated" | "harm_detected" | "rolled_back" | "promoted" | "superseded";
  saboteur: boolean;
  harmDetected: boolean;
  /** Lab weeks of work on probation before harm was found (null: never found). */
  detectedAfterWeeks: number | null;
  runs: { candidate: number; baseline: number };
  effects: Partial<Record<MetricKey, { diff: number | null; low: number | null; high: number | null; n: MetricEffect["n"] }>>;
  note: string | null;
};

export async function probationResults(ctx: WeekContext, calendar: Calendar, saboteurVersion: number | null): Promise<ProbationResult[]> {
  const rows = await db.probation.findMany({
    where: { workspaceId: ctx.ws.workspaceId },
    orderBy: { startedAt: "asc" },
    select: { status: true, startedAt: true, harmDetectedAt: true, outcomeNote: true, effects: true, version: { select: { number: true } }, baseline: { select: { number: true } } },
  });
  const weekOf = (d: Date) => Math.floor((d.getTime() - calendar.weekStart(1).getTime()) / WEEK_MS);
  return rows.map((p) => {
    const effects = p.effects as ProbationEffects | null;
    return {
      version: p.version.number,
      baseline: p.baseline.number,
      week: weekOf(p.startedAt),
      outcome: p.status,
      saboteur: p.version.number === saboteurVersion,
      harmDetected: p.harmDetectedAt !== null,
      detectedAfterWeeks: p.harmDetectedAt ? weekOf(p.harmDetectedAt) - weekOf(p.startedAt) : null,
      runs: effects?.runs ?? { candidate: 0, baseline: 0 },
      effects: Object.fromEntries(
        (effects?.metrics ?? []).filter((m) => m.metric === "acceptance" || m.metric === "rating" || m.metric === "quality").map((m) => [m.metric, { diff: m.diff?.value ?? null, low: m.diff?.low ?? null, high: m.diff?.high ?? null, n: m.n }]),
      ),
      note: p.outcomeNote,
    };
  });
}
