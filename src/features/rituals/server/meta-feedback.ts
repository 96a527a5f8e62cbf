import "server-only";
import type { FeedbackCategory, Sentiment } from "@/generated/prisma/enums";
import type { CategoryCounts, FeedbackPattern, FeedbackSummary } from "@/features/feedback/server";
import { sourceKind, type FeedbackSourceType } from "@/features/feedback/source-kind";
import { Prisma } from "@/generated/prisma/client";
import { calibrationOf, describeCalibration } from "@/features/hypotheses/grade";
import { describeEffect, GUARDED, HIGHER_IS_BETTER, type ProbationEffects } from "@/features/probation/effect";
import { db } from "@/server/db";

// The meta-improver's feedback: how the level-1 improvers did in a window — first their
// calibration (the Brier score of their graded hypotheses) and the realised effects of their
// approved versions (probation arms, with intervals), then the approval rate of their sessions, directive churn, quality/acceptance/rating before vs after
// each approved version, session ratings, note patterns. Folded into the FeedbackSummary shape so
// the same context builder, threshold gate and review page work for level 2.

/**
 * `sourceType` where one fits (a rejection reason is what a person wrote: `reason`; an approval and
 * an acceptance move are about decisions, a quality or rating move about scores and ratings); none
 * for what has no feedback source (an abandoned session, a session's rating, churn, missing notes).
 */
export type MetaSignal = { sentiment: Sentiment; category: FeedbackCategory; detail: string; sourceType?: FeedbackSourceType };
export type MetaFeedback = { summary: FeedbackSummary; decidedSessions: number; signals: MetaSignal[] };

/** Before/after windows around an approved version. */
const SPAN_DAYS = 14;
/** A change of at least this much in quality / rating counts as better or worse. */
const MOVE = 0.03;
/** More agent-authored versions than this per template in the window is churn. */
const CHURN = 4;

type SessionRow = { templateName: string; status: string; origin: string; userRating: number | null; approved: number; rejected: number; reasons: string[] };
type VersionRow = { templateName: string; number: number; createdAt: Date; qBefore: number | null; qAfter: number | null; rBefore: number | null; rAfter: number | null; aBefore: number | null; aAfter: number | null };

export async function computeMetaFeedback({ workspaceId, since, until }: { workspaceId: string; since: Date; until: Date }): Promise<MetaFeedback> {
  const span = `${SPAN_DAYS} days`;
  const [sessions, versions, notes] = await Promise.all([
    db.$queryRaw<SessionRow[]>`
      SELECT t."name" AS "templateName", s."status"::text AS status, s."origin"::text AS origin, s."userRating",
        (SELECT count(*)::int FROM "Proposal" p WHERE p."sessionId" = s."id" AND p."status" = 'approved') AS approved,
        (SELECT count(*)::int FROM "Proposal" p WHERE p."sessionId" = s."id" AND p."status" = 'rejected') AS rejected,
        COALESCE((SELECT array_agg(p."rejectionReason") FROM "Proposal" p WHERE p."sessionId" = s."id" AND p."rejectionReason" IS NOT NULL), '{}') AS reasons
      FROM "EvolutionSession" s JOIN "AgentTemplate" t ON t."id" = s."templateId" AND t."workspaceId" = s."workspaceId"
      WHERE s."workspaceId" = ${workspaceId} AND t."level" = 0 AND s."status" IN ('completed', 'abandoned')
        AND s."completedAt" >= ${since} AND s."completedAt" < ${until}`,
    db.$queryRaw<VersionRow[]>`
      SELECT t."name" AS "templateName", v."number", v."createdAt",
        (SELECT avg(r."qualityScore") FROM "WakeRun" r WHERE r."templateId" = v."templateId" AND r."startedAt" >= v."createdAt" - ${span}::interval AND r."startedAt" < v."createdAt") AS "qBefore",
        (SELECT avg(r."qualityScore") FROM "WakeRun" r WHERE r."templateId" = v."templateId" AND r."startedAt" >= v."createdAt" AND r."startedAt" < v."createdAt" + ${span}::interval) AS "qAfter",
        (SELECT avg(r."userRating") FROM "WakeRun" r WHERE r."templateId" = v."templateId" AND r."ratedAt" IS NOT NULL AND r."startedAt" >= v."createdAt" - ${span}::interval AND r."startedAt" < v."createdAt") AS "rBefore",
        (SELECT avg(r."userRating") FROM "WakeRun" r WHERE r."templateId" = v."templateId" AND r."ratedAt" IS NOT NULL AND r."startedAt" >= v."createdAt" AND r."startedAt" < v."createdAt" + ${span}::interval) AS "rAfter",
        (SELECT avg(CASE WHEN d."verdict" = 'confirmed' THEN 1.0 ELSE 0.0 END) FROM "ChangeDecision" d WHERE d."templateId" = v."templateId" AND d."verdict" <> 'deferred' AND d."decidedAt" >= v."createdAt" - ${span}::interval AND d."decidedAt" < v."createdAt") AS "aBefore",
        (SELECT avg(CASE WHEN d."verdict" = 'confirmed' THEN 1.0 ELSE 0.0 END) FROM "ChangeDecision" d WHERE d."templateId" = v."templateId" AND d."verdict" <> 'deferred' AND d."decidedAt" >= v."createdAt" AND d."decidedAt" < v."createdAt" + ${span}::interval) AS "aAfter"
      FROM "TemplateVersion" v JOIN "AgentTemplate" t ON t."id" = v."templateId" AND t."workspaceId" = v."workspaceId"
      WHERE v."workspaceId" = ${workspaceId} AND t."level" = 0 AND v."authoredBy" = 'agent' AND v."createdAt" >= ${since} AND v."createdAt" < ${until}
      ORDER BY v."createdAt"`,
    db.$queryRaw<{ kind: string; count: number }[]>`
      SELECT n."kind"::text AS kind, count(*)::int AS count FROM "EvolutionNote" n JOIN "AgentTemplate" t ON t."id" = n."templateId"
      WHERE n."workspaceId" = ${workspaceId} AND t."level" = 0 AND n."createdAt" >= ${since} AND n."createdAt" < ${until}
      GROUP BY n."kind"`,
  ]);

  // Calibration and realised effects lead: what the improvers predicted against what happened, and
  // what their approved versions measurably did on probation (a causal comparison).
  const signals: MetaSignal[] = [...(await calibrationSignals(workspaceId, since, until)), ...(await probationSignals(workspaceId, since, until))];
  for (const s of sessions) {
    if (s.approved > 0) signals.push({ sentiment: "positive", category: "general", sourceType: "decision", detail: `${s.templateName}: proposal approved${s.userRating != null ? ` (rated ${Number(s.userRating).toFixed(2)})` : ""}` });
    for (const reason of s.reasons) signals.push({ sentiment: "negative", category: "communication", sourceType: "reason", detail: `${s.templateName}: proposal rejected — “${reason}”` });
    if (s.status === "abandoned") signals.push({ sentiment: "negative", category: "timeliness", detail: `${s.templateName}: ${s.origin} session abandoned without a decision` });
    if (s.userRating != null && Number(s.userRating) < 0.4) signals.push({ sentiment: "negative", category: "general", detail: `${s.templateName}: session rated ${Number(s.userRating).toFixed(2)}` });
  }
  for (const v of versions) {
    const moves = [move("quality", "quality_score", v.qBefore, v.qAfter), move("rating", "rating", v.rBefore, v.rAfter), move("acceptance", "decision", v.aBefore, v.aAfter)].filter((m) => m !== null);
    for (const m of moves) signals.push({ sentiment: m.delta > 0 ? "positive" : "negative", category: "accuracy", sourceType: m.sourceType, detail: `${v.templateName} v${v.number}: ${m.label} ${m.before.toFixed(2)} → ${m.after.toFixed(2)} in the ${SPAN_DAYS} days after` });
  }
  const churn = new Map<string, number>();
  for (const v of versions) churn.set(v.templateName, (churn.get(v.templateName) ?? 0) + 1);
  for (const [name, n] of churn) if (n > CHURN) signals.push({ sentiment: "negative", category: "prioritization", detail: `${name}: ${n} improver versions in the window (churn)` });
  const hypotheses = notes.find((n) => n.kind === "hypothesis")?.count ?? 0;
  if (sessions.length > 0 && hypotheses === 0) signals.push({ sentiment: "negative", category: "general", detail: "No hypothesis notes recorded: nothing to verify next time" });

  return { summary: summarize(signals), decidedSessions: sessions.length, signals };
}

async function calibrationSignals(workspaceId: string, since: Date, until: Date): Promise<MetaSignal[]> {
  const graded = await db.hypothesis.findMany({
    where: { workspaceId, template: { level: 0 }, outcome: { not: "open" }, gradedAt: { gte: since, lt: until } },
    select: { probability: true, outcome: true, template: { select: { name: true } } },
  });
  const byTemplate = new Map<string, typeof graded>();
  for (const h of graded) byTemplate.set(h.template.name, [...(byTemplate.get(h.template.name) ?? []), h]);
  return [...byTemplate].flatMap(([name, rows]): MetaSignal[] => {
    const c = calibrationOf(rows);
    if (!c.graded) return [{ sentiment: "neutral", category: "accuracy", detail: `${name}: calibration — ${describeCalibration(c)}` }];
    // Better than always saying 50% (Brier 0.25) is a calibrated improver.
    return [{ sentiment: c.brier! < 0.25 ? "positive" : "negative", category: "accuracy", detail: `${name}: calibration — ${describeCalibration(c)}` }];
  });
}

async function probationSignals(workspaceId: string, since: Date, until: Date): Promise<MetaSignal[]> {
  const probations = await db.probation.findMany({
    where: { workspaceId, template: { level: 0 }, effects: { not: Prisma.AnyNull }, OR: [{ endedAt: { gte: since, lt: until } }, { endedAt: null, measuredAt: { gte: since, lt: until } }] },
    orderBy: { startedAt: "asc" },
    select: { status: true, effects: true, template: { select: { name: true } }, version: { select: { number: true, authoredBy: true } } },
  });
  return probations
    .filter((p) => p.version.authoredBy === "agent")
    .flatMap((p): MetaSignal[] => {
      const effects = p.effects as unknown as ProbationEffects;
      return effects.metrics
        .filter((m) => GUARDED.includes(m.metric) && m.diff)
        .map((m) => {
          const better = HIGHER_IS_BETTER[m.metric] ? m.diff!.low > 0 : m.diff!.high < 0;
          const worse = HIGHER_IS_BETTER[m.metric] ? m.diff!.high < 0 : m.diff!.low > 0;
          return {
            sentiment: better ? "positive" : worse ? "negative" : "neutral",
            category: "accuracy",
            sourceType: m.metric === "acceptance" ? "decision" : "rating",
            detail: `${p.template.name} v${p.version.number} (probation ${p.status.replace("_", " ")}): ${describeEffect(m)}`,
          } satisfies MetaSignal;
        });
    });
}

function move(label: string, sourceType: FeedbackSourceType, before: number | string | null, after: number | string | null) {
  if (before == null || after == null) return null;
  const b = Number(before);
  const a = Number(after);
  return Math.abs(a - b) < MOVE ? null : { label, sourceType, before: b, after: a, delta: a - b };
}

/**
 * The FeedbackSummary shape the context builder and the review page read; patterns = repeated
 * signals, their examples written ones (rejection reasons) when the pattern has any, like a
 * template's; `byKind` written vs signal (no `bySource`: most meta signals have no source type).
 */
function summarize(signals: MetaSignal[]): FeedbackSummary {
  const byCategory = new Map<FeedbackCategory, CategoryCounts>();
  for (const s of signals) {
    const c = byCategory.get(s.category) ?? { category: s.category, positive: 0, negative: 0, neutral: 0 };
    c[s.sentiment]++;
    byCategory.set(s.category, c);
  }
  const groups = new Map<string, MetaSignal[]>();
  for (const s of signals) groups.set(`${s.sentiment}:${s.category}`, [...(groups.get(`${s.sentiment}:${s.category}`) ?? []), s]);
  const patterns: FeedbackPattern[] = [...groups.values()]
    .filter((g) => g.length >= 3)
    .map((g) => {
      const written = g.filter((s) => sourceKind(s.sourceType) === "written");
      const examples = (written.length ? written : g).slice(0, 3).map((s, i) => ({ itemId: `meta-${i}`, agentId: "meta", detail: s.detail, ...(s.sourceType ? { sourceType: s.sourceType } : {}) }));
      return { category: g[0]!.category, sentiment: g[0]!.sentiment, agentCount: g.length, itemCount: g.length, examples };
    });
  const totals = (of: MetaSignal[]) => {
    const count = (sentiment: Sentiment) => of.filter((s) => s.sentiment === sentiment).length;
    return { items: of.length, positive: count("positive"), negative: count("negative"), neutral: count("neutral") };
  };
  const byKind = { written: totals(signals.filter((s) => sourceKind(s.sourceType) === "written")), signal: totals(signals.filter((s) => sourceKind(s.sourceType) === "signal")) };
  return { totals: totals(signals), byCategory: [...byCategory.values()], byKind, patterns };
}
