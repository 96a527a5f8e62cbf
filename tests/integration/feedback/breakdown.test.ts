import { describe, expect, it } from "vitest";
import { rateRun } from "@/features/agents/server/rate-run";
import { recordObservation } from "@/features/agents/server/record-message";
import { recordRun } from "@/features/agents/server/record-run";
import { classifyPendingFeedback } from "@/features/feedback/server/classify-pending";
import { PATTERN_AGENT_CAP, PATTERN_AGENT_SCAN } from "@/features/feedback/server/feedback-breakdown";
import { getFeedbackBreakdown, listFeedbackPatterns } from "@/features/feedback/server/queries";
import { summarizeFeedback, type FeedbackSummary } from "@/features/feedback/server/summarize-feedback";
import { createTemplateWithImprover } from "@/features/rituals/server";
import { Prisma } from "@/generated/prisma/client";
import { db } from "@/server/db";
import { makeDecision, uid } from "../../factories";
import { feedbackSetup, scriptedClassifier } from "./support";

// The template page's breakdown reads whole UTC days from FeedbackDailyCount (kept by triggers on
// FeedbackItem) and the edge days from the items, and caps pattern agent counts. These tests hold it
// to the exact computation over the raw items (summarizeFeedback) and the rollup to the raw rows.

const DAY = 86_400_000;
const SENTIMENTS = ["positive", "negative", "neutral"] as const;
const CATEGORIES = ["accuracy", "communication", "prioritization", "tooling", "timeliness", "general"] as const;
/** Written and signal sources mixed (7: prime to the 6 agents, 3 sentiments and 5 categories). */
const SOURCES = ["observation", "decision", "reason", "rating", "quality_score", "report_confidence", "decision"] as const;

type Item = { agentId: string | null; sentiment: (typeof SENTIMENTS)[number]; category: (typeof CATEGORIES)[number]; at: Date; sourceType?: string };

/** Inserts items directly (one multi-row statement per call, like a bulk writer), as the triggers would see any writer. */
async function insertItems(w: { workspaceId: string; templateId: string }, items: Item[]) {
  if (!items.length) return;
  const tag = uid();
  await db.$executeRawUnsafe(
    `INSERT INTO "FeedbackItem" ("id", "workspaceId", "templateId", "agentId", "sourceType", "sourceId", "sentiment", "category", "confidence", "classifiedBy", "detail", "sourceCounter", "occurredAt")
     SELECT 'fx_${tag}_' || i, $1, $2, a, st, 'fx_${tag}_' || i, s::"Sentiment", c::"FeedbackCategory", 0.8, 'rule', 'Item ' || i || ' of ' || COALESCE(a, 'nobody'), i, t
     FROM unnest($3::text[], $4::text[], $5::text[], $6::timestamp[], $7::text[]) WITH ORDINALITY AS x(a, s, c, t, st, i)`,
    w.workspaceId, w.templateId, items.map((i) => i.agentId), items.map((i) => i.sentiment), items.map((i) => i.category), items.map((i) => i.at.toISOString()), items.map((i) => i.sourceType ?? "observation"),
  );
}

/** The same window computed from the raw items (the stored aggregate's statement), in the breakdown's terms. */
async function exact(w: { workspaceId: string; templateId: string }, days: number, now: Date): Promise<FeedbackSummary> {
  const s = await summarizeFeedback({ ...w, since: new Date(now.getTime() - days * DAY), until: new Date(now.getTime() + 1) });
  return { ...s, patterns: s.patterns.map((p) => ({ ...p, agentCount: Math.min(p.agentCount, PATTERN_AGENT_CAP), capped: p.agentCount > PATTERN_AGENT_CAP })) };
}

async function rollupAndRaw(templateId: string) {
  const rollup = await db.$queryRaw<unknown[]>`
    SELECT "day"::text AS day, "category"::text AS category, "sentiment"::text AS sentiment, "sourceType", "workspaceId", "items"
    FROM "FeedbackDailyCount" WHERE "templateId" = ${templateId} AND "items" <> 0 ORDER BY 1, 2, 3, 4`;
  const raw = await db.$queryRaw<unknown[]>`
    SELECT "occurredAt"::date::text AS day, "category"::text AS category, "sentiment"::text AS sentiment, "sourceType", "workspaceId", count(*)::int AS items
    FROM "FeedbackItem" WHERE "templateId" = ${templateId} GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4`;
  return { rollup, raw };
}

describe("feedback breakdown (daily counts + capped patterns)", () => {
  it("equals the exact computation at any window edge; other templates and workspaces never leak; patterns at 3 agents, not 2", async () => {
    const { scope, agents, window } = await feedbackSetup(0);
    const other = await createTemplateWithImprover({ scope, name: `Other ${uid()}`, directives: "x" });
    const foreign = await feedbackSetup(0);
    const a = Array.from({ length: 6 }, (_, i) => `agent_${uid()}_${i}`);
    expect(agents).toHaveLength(0);

    // 100 days of items around a reference day, at every hour of some days and on exact midnights.
    const base = Date.UTC(2031, 0, 1);
    const items: Item[] = [];
    for (let d = -95; d <= 0; d++) {
      for (const h of [0, 7.5, 23.999]) {
        const at = new Date(base + d * DAY + h * 3_600_000);
        const k = (d + 100) * 3 + Math.round(h);
        items.push({ agentId: a[k % 6], sentiment: SENTIMENTS[k % 3], category: CATEGORIES[k % 5], at, sourceType: SOURCES[k % SOURCES.length] });
      }
    }
    // Window edges: exactly at a boundary, 1 ms before, 1 ms after (now = base + 10:30).
    const now = new Date(base + 10.5 * 3_600_000);
    for (const days of [1, 7, 30, 90]) {
      const since = now.getTime() - days * DAY;
      items.push({ agentId: a[0], sentiment: "neutral", category: "timeliness", at: new Date(since) });
      items.push({ agentId: a[1], sentiment: "neutral", category: "timeliness", at: new Date(since - 1) });
    }
    items.push({ agentId: a[2], sentiment: "neutral", category: "timeliness", at: now });
    items.push({ agentId: a[3], sentiment: "neutral", category: "timeliness", at: new Date(now.getTime() + 1) });
    // "tooling / negative" from exactly 2 agents in the last day (many items): no pattern at 1 day;
    // "general / negative" from 3 agents, one item without an agent.
    for (let i = 0; i < 5; i++) items.push({ agentId: a[i % 2], sentiment: "negative", category: "tooling", at: new Date(now.getTime() - (i + 1) * 3_600_000) });
    for (let i = 0; i < 3; i++) items.push({ agentId: a[3 + i], sentiment: "negative", category: "general", at: new Date(now.getTime() - (i + 1) * 60_000) });
    items.push({ agentId: null, sentiment: "negative", category: "general", at: new Date(now.getTime() - 30_000) });
    // Two statements, so the per-statement trigger adds to existing rows.
    await insertItems(window, items.slice(0, 150));
    await insertItems(window, items.slice(150));
    // Noise that must not leak: the same days in another template of the workspace and in another workspace.
    const noise = items.map((i) => ({ ...i, sentiment: "negative" as const, category: "accuracy" as const }));
    await insertItems({ workspaceId: window.workspaceId, templateId: other.id }, noise);
    await insertItems(foreign.window, noise);

    for (const days of [1, 7, 30, 90]) {
      for (const at of [now, new Date(base), new Date(base + 1), new Date(base - 1)]) {
        const live = await getFeedbackBreakdown({ ...window, days, now: at });
        expect({ days, at, live }).toEqual({ days, at, live: await exact(window, days, at) });
      }
    }
    const day = await getFeedbackBreakdown({ ...window, days: 1, now });
    expect(day.patterns.find((p) => p.category === "tooling" && p.sentiment === "negative")).toBeUndefined();
    const general = day.patterns.find((p) => p.category === "general" && p.sentiment === "negative");
    expect(general).toMatchObject({ agentCount: 3, capped: false });
    expect(general!.examples.map((e) => e.agentId)).toEqual([a[3], a[4], a[5]]); // newest first, 3 distinct agents
    expect((await getFeedbackBreakdown({ ...window, days: 7, now })).patterns.length).toBeGreaterThan(0);

    // The workspace is part of the key: the template id under another workspace returns nothing.
    const leak = await getFeedbackBreakdown({ workspaceId: foreign.window.workspaceId, templateId: window.templateId, days: 90, now });
    const none = { items: 0, positive: 0, negative: 0, neutral: 0 };
    expect(leak).toEqual({ totals: none, byCategory: [], bySource: [], byKind: { written: none, signal: none }, patterns: [] });
    expect(await listFeedbackPatterns({ workspaceId: foreign.window.workspaceId, templateId: window.templateId, days: 90, now })).toEqual([]);
  });

  it("caps the agent count at 1,000 ('1,000+'), counts exactly below it, and falls back to the whole window when the newest items come from few agents", async () => {
    const { window } = await feedbackSetup(0);
    const now = new Date(Date.UTC(2031, 5, 1, 12));
    const tag = uid();
    const at = (i: number) => new Date(now.getTime() - (i + 1) * 1000);
    const items: Item[] = [];
    // accuracy/negative: 2,500 items from 1,200 agents → capped.
    for (let i = 0; i < 2_500; i++) items.push({ agentId: `${tag}_n${i % 1_200}`, sentiment: "negative", category: "accuracy", at: at(i) });
    // timeliness/negative: the newest 2,000+ items from 2 agents, then 900 others further back → exact 902 (fallback).
    for (let i = 0; i < PATTERN_AGENT_SCAN + 100; i++) items.push({ agentId: `${tag}_t${i % 2}`, sentiment: "negative", category: "timeliness", at: at(i) });
    for (let i = 0; i < 900; i++) items.push({ agentId: `${tag}_u${i}`, sentiment: "negative", category: "timeliness", at: at(5_000 + i) });
    // general/positive: 1,500 items from 1,500 agents (all scanned): exactly 1,500, shown capped.
    for (let i = 0; i < 1_500; i++) items.push({ agentId: `${tag}_g${i}`, sentiment: "positive", category: "general", at: at(i) });
    await insertItems(window, items);

    const live = await getFeedbackBreakdown({ ...window, days: 7, now });
    const pick = (category: string, sentiment: string) => live.patterns.find((p) => p.category === category && p.sentiment === sentiment);
    expect(pick("accuracy", "negative")).toMatchObject({ agentCount: PATTERN_AGENT_CAP, capped: true, itemCount: 2_500 });
    expect(pick("timeliness", "negative")).toMatchObject({ agentCount: 902, capped: false, itemCount: PATTERN_AGENT_SCAN + 1_000 });
    expect(pick("general", "positive")).toMatchObject({ agentCount: PATTERN_AGENT_CAP, capped: true, itemCount: 1_500 });
    expect(live).toEqual(await exact(window, 7, now));
  });

  it("the daily counts stay equal to the raw items through service writes, model classification and deletes", async () => {
    const { scope, agents, window } = await feedbackSetup(3);
    const [a1, a2, a3] = agents;
    await recordObservation({ scope, agentId: a1.id, text: "Thanks, the estimate was accurate." });
    await recordObservation({ scope, agentId: a2.id, text: "The estimate was wrong by two days." });
    for (const a of agents) await recordObservation({ scope, agentId: a.id, text: `Customer asked about invoice ${a.displayName}` });
    await makeDecision(scope, a3.id, "propose_status", "rejected", "Still waiting on QA");
    const run = await recordRun({ scope, agentId: a1.id, reason: "manual", status: "succeeded", qualityScore: 0.5 });
    await rateRun({ scope, runId: run.id, rating: 0.1 });
    let { rollup, raw } = await rollupAndRaw(window.templateId);
    expect(rollup).toEqual(raw);

    const { model } = scriptedClassifier((items) => JSON.stringify({ items: items.map((_, i) => ({ index: i + 1, sentiment: "negative", category: "communication", confidence: 0.9 })) }));
    expect(await classifyPendingFeedback({ workspaceId: window.workspaceId, model })).toMatchObject({ pending: 0, failure: null });
    ({ rollup, raw } = await rollupAndRaw(window.templateId));
    expect(rollup).toEqual(raw);
    const now = new Date(Date.now() + 1000);
    const live = await getFeedbackBreakdown({ ...window, days: 7, now });
    expect(live).toEqual(await exact(window, 7, now));
    // All six written texts (five observations and the reason), labeled by the model.
    expect(live.patterns.find((p) => p.category === "communication")).toMatchObject({ sentiment: "negative", agentCount: 3, capped: false, itemCount: 6 });

    // An update (no app path does one) moves the count; a delete subtracts it.
    await db.feedbackItem.updateMany({ where: { templateId: window.templateId, classifiedBy: "model" }, data: { category: "tooling", occurredAt: new Date(Date.UTC(2030, 0, 1)) } });
    ({ rollup, raw } = await rollupAndRaw(window.templateId));
    expect(rollup).toEqual(raw);
    await db.feedbackItem.deleteMany({ where: { templateId: window.templateId, classifiedBy: "rule" } });
    ({ rollup, raw } = await rollupAndRaw(window.templateId));
    expect(rollup).toEqual(raw);
    expect(await getFeedbackBreakdown({ ...window, days: 7, now })).toEqual(await exact(window, 7, now));
  });

  it("examples are written feedback when the pattern has any, signals only otherwise, with their source type; per-kind totals; live equals stored", async () => {
    const { window } = await feedbackSetup(0);
    const now = new Date(Date.UTC(2031, 8, 1, 12));
    const a = Array.from({ length: 5 }, (_, i) => `agent_${uid()}_${i}`);
    const ago = (minutes: number) => new Date(now.getTime() - minutes * 60_000);
    const items: Item[] = [
      // accuracy / negative: the newest items are decisions of a0–a3; written items (observations of
      // a3 and a4, an older reason of a2) are the examples, newest written first.
      ...[0, 1, 2, 3].map((i) => ({ agentId: a[i], sentiment: "negative" as const, category: "accuracy" as const, at: ago(1 + i), sourceType: "decision" })),
      { agentId: a[3], sentiment: "negative", category: "accuracy", at: ago(10), sourceType: "observation" },
      { agentId: a[4], sentiment: "negative", category: "accuracy", at: ago(11), sourceType: "observation" },
      { agentId: a[2], sentiment: "negative", category: "accuracy", at: ago(12), sourceType: "reason" },
      { agentId: a[4], sentiment: "negative", category: "accuracy", at: ago(13), sourceType: "reason" }, // a4's older written item: not a second example
      // communication / negative: signals of three agents and one observation of a0: that one written example.
      ...[0, 1, 2].map((i) => ({ agentId: a[i], sentiment: "negative" as const, category: "communication" as const, at: ago(1 + i), sourceType: "rating" })),
      { agentId: a[0], sentiment: "negative", category: "communication", at: ago(30), sourceType: "observation" },
      // timeliness / positive: signals only (ratings, a quality score): signal examples, newest first.
      ...[0, 1, 2].map((i) => ({ agentId: a[i], sentiment: "positive" as const, category: "timeliness" as const, at: ago(5 + i), sourceType: "rating" })),
      { agentId: a[3], sentiment: "positive", category: "timeliness", at: ago(1), sourceType: "quality_score" },
      // general / neutral: the only written item has no agent: it cannot be an example, so signals are.
      ...[0, 1, 2].map((i) => ({ agentId: a[i], sentiment: "neutral" as const, category: "general" as const, at: ago(1 + i), sourceType: "report_confidence" })),
      { agentId: null, sentiment: "neutral", category: "general", at: ago(0.5), sourceType: "observation" },
    ];
    await insertItems(window, items);

    const live = await getFeedbackBreakdown({ ...window, days: 7, now });
    const stored = await exact(window, 7, now);
    expect(live).toEqual(stored);
    const examples = (category: string, sentiment: string) =>
      live.patterns.find((p) => p.category === category && p.sentiment === sentiment)!.examples.map((e) => [e.agentId, e.sourceType]);
    expect(examples("accuracy", "negative")).toEqual([[a[3], "observation"], [a[4], "observation"], [a[2], "reason"]]);
    expect(examples("communication", "negative")).toEqual([[a[0], "observation"]]);
    expect(examples("timeliness", "positive")).toEqual([[a[3], "quality_score"], [a[0], "rating"], [a[1], "rating"]]);
    expect(examples("general", "neutral")).toEqual([[a[0], "report_confidence"], [a[1], "report_confidence"], [a[2], "report_confidence"]]);
    // The pattern counts still cover both kinds.
    expect(live.patterns.find((p) => p.category === "accuracy")).toMatchObject({ agentCount: 5, itemCount: 8 });

    expect(live.bySource).toEqual([
      { sourceType: "observation", positive: 0, negative: 3, neutral: 1 },
      { sourceType: "reason", positive: 0, negative: 2, neutral: 0 },
      { sourceType: "decision", positive: 0, negative: 4, neutral: 0 },
      { sourceType: "rating", positive: 3, negative: 3, neutral: 0 },
      { sourceType: "report_confidence", positive: 0, negative: 0, neutral: 3 },
      { sourceType: "quality_score", positive: 1, negative: 0, neutral: 0 },
    ]);
    expect(live.byKind).toEqual({ written: { items: 6, positive: 0, negative: 5, neutral: 1 }, signal: { items: 14, positive: 4, negative: 7, neutral: 3 } });
    expect(live.byKind!.written.items + live.byKind!.signal.items).toBe(live.totals.items);
  });

  it("the exact summary stays linear when the planner has no statistics yet (feedback written in bulk, not yet analysed)", async (ctx) => {
    const [{ superuser }] = await db.$queryRaw<{ superuser: boolean }[]>`SELECT rolsuper AS superuser FROM pg_roles WHERE rolname = current_user`;
    if (!superuser) ctx.skip(); // forgetting the statistics (below) takes a superuser; the test servers are
    const { window } = await feedbackSetup(0);
    const now = new Date(Date.UTC(2031, 7, 1, 12));
    const tag = uid();
    // 800 items from 400 agents in 4 groups: every group a pattern.
    const items: Item[] = Array.from({ length: 800 }, (_, i) => ({
      agentId: `${tag}_${i % 400}`,
      sentiment: "negative" as const,
      category: CATEGORIES[i % 4],
      at: new Date(now.getTime() - (i + 1) * 60_000),
    }));
    await insertItems(window, items);
    const w = { ...window, since: new Date(now.getTime() - 7 * DAY), until: now };

    // The statement under EXPLAIN ANALYZE, with FeedbackItem's statistics gone for this transaction
    // only (rolled back): what the planner sees between a bulk write and autovacuum's next ANALYZE.
    // Before its CTEs were materialized, it re-ran the per-group ranking once per item: rows
    // processed grew with items² (3,602 rows × 7,000 loops, 26 s, for 7,000 items).
    const plans: unknown[] = [];
    await db
      .$transaction(async (tx) => {
        await tx.$executeRaw`DELETE FROM pg_statistic WHERE starelid = '"FeedbackItem"'::regclass`;
        const explaining = {
          $queryRaw: async (strings: TemplateStringsArray, ...values: unknown[]) => {
            const [row] = await tx.$queryRaw<{ "QUERY PLAN": unknown }[]>`EXPLAIN (ANALYZE, FORMAT JSON) ${Prisma.sql(strings, ...values)}`;
            plans.push(row["QUERY PLAN"]);
            return [{ totals: { items: 0, positive: 0, negative: 0, neutral: 0 }, by_category: null, by_source: null, patterns: null }];
          },
        };
        await summarizeFeedback(w, explaining as unknown as typeof tx);
        throw new Rollback();
      })
      .catch((e) => {
        if (!(e instanceof Rollback)) throw e;
      });
    expect(plans).toHaveLength(1);
    // Every row every plan node produced, over all its loops: a few passes over the window's items.
    const processed = (node: PlanNode): number => node["Actual Rows"] * node["Actual Loops"] + (node.Plans ?? []).reduce((sum, child) => sum + processed(child), 0);
    const total = processed((plans[0] as { Plan: PlanNode }[])[0].Plan);
    expect(total).toBeGreaterThan(items.length);
    expect(total).toBeLessThan(50 * items.length);
    // And the summary itself is the same as with statistics.
    expect((await summarizeFeedback(w)).patterns.map((p) => [p.category, p.agentCount, p.itemCount])).toEqual(
      CATEGORIES.slice(0, 4).map((c) => [c, 100, 200]).sort((a, b) => String(a[0]).localeCompare(String(b[0]))),
    );
  });
});

type PlanNode = { "Actual Rows": number; "Actual Loops": number; Plans?: PlanNode[] };
class Rollback extends Error {}
