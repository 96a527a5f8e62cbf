import { calibrationOf, gradeHypothesis, type Calibration, type Grade, type SideStats } from "@/features/hypotheses/grade";
import { predictionLabel } from "@/features/hypotheses/metrics";
import { statsOf, type ArmSample } from "@/features/probation/effect";
import type { HypothesisOutcome } from "@/generated/prisma/enums";
import { db } from "@/server/db";
import { WEEK_MS, type Calendar } from "./calendar";
import type { WeekContext } from "./work-week";

// The hypothesis ledger in the lab: every prediction the improver made, its grade, the improver's
// calibration — and a recomputation of each grade from the raw rows (runs, their proposals' items,
// done tasks, feedback items read one by one and summed here), against the one SQL statement the
// product grades with (features/hypotheses/server/window-stats.ts). They must agree every time.

export type HypothesisResult = {
  /** The lab week whose session recorded it. */
  week: number;
  metric: string;
  prediction: string;
  probability: number;
  outcome: HypothesisOutcome;
  method: Grade["method"] | null;
  reason: string | null;
  /** The grade recomputed from the raw rows: null while open or when nothing was tested. */
  recomputed: { outcome: HypothesisOutcome; agrees: boolean } | null;
};

export type HypothesesReport = { rows: HypothesisResult[]; calibration: Calibration; recomputation: { checked: number; agreed: number } };

type Row = Awaited<ReturnType<typeof ledger>>[number];
const ledger = (workspaceId: string, templateId: string) =>
  db.hypothesis.findMany({ where: { workspaceId, templateId }, orderBy: { createdAt: "asc" }, select: { id: true, sessionId: true, metric: true, tool: true, category: true, direction: true, size: true, probability: true, checkAt: true, createdAt: true, outcome: true, figures: true } });

const inWindow = (t: Date | null, from: Date, to: Date) => t !== null && t >= from && t < to;

/** The run's raw rows, read once for every recomputation: runs with their proposals' items, agents' tasks, feedback items. */
async function rawRows(workspaceId: string, templateId: string) {
  const [runs, agents, items] = await Promise.all([
    db.wakeRun.findMany({
      where: { workspaceId, templateId, status: "succeeded" },
      select: { startedAt: true, agentId: true, probationId: true, arm: true, userRating: true, qualityScore: true, inputTokens: true, outputTokens: true, changeSets: { select: { items: { select: { tool: true, status: true } } } } },
    }),
    db.agent.findMany({ where: { workspaceId, templateId }, select: { id: true, task: { select: { status: true, createdAt: true, completedAt: true } } } }),
    db.feedbackItem.findMany({ where: { workspaceId, templateId }, select: { agentId: true, occurredAt: true, sentiment: true, category: true } }),
  ]);
  return { runs, agents, items };
}
type RawRows = Awaited<ReturnType<typeof rawRows>>;

/** The two sides from raw rows, the way a reader of the rules in grade.ts would count them by hand. */
async function recompute(h: Row, workspaceId: string, raw: RawRows): Promise<Grade | null> {
  const proposals = await db.proposal.findMany({ where: { workspaceId, sessionId: h.sessionId }, select: { status: true, decidedAt: true, resultingVersionId: true } });
  const approved = proposals.filter((p) => p.status === "approved" && p.resultingVersionId).sort((a, b) => a.decidedAt!.getTime() - b.decidedAt!.getTime())[0];
  if (!approved) return null;
  const version = await db.templateVersion.findUniqueOrThrow({ where: { id: approved.resultingVersionId! }, select: { createdAt: true } });
  const probation = await db.probation.findFirst({ where: { versionId: approved.resultingVersionId! }, orderBy: { startedAt: "asc" }, select: { id: true } });
  const split = version.createdAt;
  const to = h.checkAt;
  if (split >= to) return null;
  const from = probation ? split : new Date(split.getTime() - (to.getTime() - split.getTime()));

  const { runs, agents, items } = raw;
  const sideOfRun = (r: (typeof runs)[number]) =>
    probation ? (r.probationId === probation.id && r.arm && r.startedAt >= split && r.startedAt < to ? r.arm : null) : inWindow(r.startedAt, from, to) ? (r.startedAt >= split ? "candidate" : "baseline") : null;
  const arms: Record<"candidate" | "baseline", ArmSample & { feedback: number[] }> = { candidate: { runs: [], resolveMs: [], feedback: [] }, baseline: { runs: [], resolveMs: [], feedback: [] } };
  const agentArm = new Map<string, "candidate" | "baseline">();
  for (const r of runs) if (probation && r.probationId === probation.id && r.arm) agentArm.set(r.agentId, r.arm);
  for (const r of runs) {
    const side = sideOfRun(r);
    if (!side) continue;
    const items = r.changeSets.flatMap((s) => s.items).filter((i) => !h.tool || i.tool === h.tool);
    arms[side].runs.push({
      confirmed: items.filter((i) => i.status === "confirmed").length,
      rejected: items.filter((i) => i.status === "rejected").length,
      rating: r.userRating,
      quality: r.qualityScore,
      tokens: r.inputTokens + r.outputTokens,
    });
  }
  for (const a of agents) {
    const t = a.task;
    if (!t || t.status !== "done" || !t.completedAt) continue;
    const side = probation ? (inWindow(t.completedAt, split, to) ? agentArm.get(a.id) : undefined) : inWindow(t.completedAt, from, to) ? (t.completedAt >= split ? "candidate" : "baseline") : undefined;
    if (side) arms[side].resolveMs.push(t.completedAt.getTime() - t.createdAt.getTime());
  }
  for (const f of items) {
    const side = probation ? (inWindow(f.occurredAt, split, to) && f.agentId ? agentArm.get(f.agentId) : undefined) : inWindow(f.occurredAt, from, to) ? (f.occurredAt >= split ? "candidate" : "baseline") : undefined;
    if (side) arms[side].feedback.push(f.sentiment === "negative" && (!h.category || f.category === h.category) ? 1 : 0);
  }
  const sideStats = (s: (typeof arms)["candidate"]): SideStats => {
    const negative = s.feedback.reduce((a, b) => a + b, 0);
    return { ...statsOf(s), feedback: { n: s.feedback.length, sum: negative, sumSq: negative } };
  };
  return gradeHypothesis({
    metric: h.metric, direction: h.direction, size: h.size, method: probation ? "probation" : "before_after",
    candidate: sideStats(arms.candidate), baseline: sideStats(arms.baseline),
    window: { from: from.toISOString(), split: split.toISOString(), to: to.toISOString() },
  });
}

/** Same outcome, same counts and values (to rounding) as the stored grade. */
function agrees(stored: Grade, again: Grade): boolean {
  const close = (a: number | null, b: number | null) => (a === null || b === null ? a === b : Math.abs(a - b) < 1e-6);
  return stored.outcome === again.outcome && stored.n.candidate === again.n.candidate && stored.n.baseline === again.n.baseline && close(stored.candidate, again.candidate) && close(stored.baseline, again.baseline);
}

export async function hypothesesReport(ctx: WeekContext, calendar: Calendar): Promise<HypothesesReport> {
  const { workspaceId, templateId } = ctx.ws;
  const rows = await ledger(workspaceId, templateId);
  const weekOf = (d: Date) => Math.floor((d.getTime() - calendar.weekStart(1).getTime()) / WEEK_MS);
  const results: HypothesisResult[] = [];
  let raw: RawRows | null = null;
  let checked = 0;
  let agreed = 0;
  for (const h of rows) {
    const stored = h.figures as unknown as (Grade & { outcome: HypothesisOutcome }) | { outcome: "inconclusive"; reason: string } | null;
    let recomputed: HypothesisResult["recomputed"] = null;
    if (h.outcome !== "open" && stored && "n" in stored) {
      raw ??= await rawRows(workspaceId, templateId);
      const again = await recompute(h, workspaceId, raw);
      const ok = again !== null && agrees(stored, again);
      recomputed = { outcome: again?.outcome ?? "inconclusive", agrees: ok };
      checked++;
      if (ok) agreed++;
    }
    results.push({
      week: weekOf(h.createdAt),
      metric: h.metric,
      prediction: predictionLabel(h),
      probability: h.probability,
      outcome: h.outcome,
      method: stored && "method" in stored ? stored.method : null,
      reason: stored?.reason ?? null,
      recomputed,
    });
  }
  return { rows: results, calibration: calibrationOf(rows), recomputation: { checked, agreed } };
}
