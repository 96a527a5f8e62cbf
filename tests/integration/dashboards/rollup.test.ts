import { describe, expect, it } from "vitest";
import { rateRun } from "@/features/agents/server/rate-run";
import { recordRun } from "@/features/agents/server/record-run";
import { readPeriods } from "@/features/dashboards/server/daily-stats";
import { getTemplateMetrics } from "@/features/dashboards/server/template-metrics";
import { getVersionPerformance, getWeeklySeries } from "@/features/dashboards/server/version-performance";
import { createChangeSet } from "@/features/decisions/server/create-change-set";
import { decideChangeItems } from "@/features/decisions/server/decide-change-items";
import { createTemplateVersion } from "@/features/templates/server/create-template-version";
import { db } from "@/server/db";
import { makeRunRow } from "../../factories";
import { feedbackSetup } from "../feedback/support";

// The daily rollup (TemplateDailyStats) is maintained at write time by triggers; the dashboards read
// it. These tests write through the real services and compare it with the raw rows.

/** The rollup of a template next to the same totals aggregated from WakeRun and ChangeDecision. */
async function rollupAndRaw(templateId: string) {
  const rollup = await db.$queryRaw<unknown[]>`
    SELECT "templateVersionId" AS v, "day"::text AS day, sum("runs")::int AS runs, round(sum("qualitySum")::numeric, 9)::float8 AS qs, sum("qualityCount")::int AS qc,
      round(sum("ratingSum")::numeric, 9)::float8 AS rs, sum("ratingCount")::int AS rc, sum("durationSum")::float8 AS ds, sum("durationCount")::int AS dc, sum("tokens")::int AS tk,
      sum("confirmed")::int AS c, sum("rejected")::int AS r, sum("deferred")::int AS d
    FROM "TemplateDailyStats" WHERE "templateId" = ${templateId} GROUP BY 1, 2
    HAVING sum("runs") <> 0 OR sum("confirmed") + sum("rejected") + sum("deferred") <> 0 ORDER BY 1, 2`;
  const raw = await db.$queryRaw<unknown[]>`
    SELECT v, day, sum(runs)::int AS runs, round(sum(qs)::numeric, 9)::float8 AS qs, sum(qc)::int AS qc, round(sum(rs)::numeric, 9)::float8 AS rs, sum(rc)::int AS rc,
      sum(ds)::float8 AS ds, sum(dc)::int AS dc, sum(tk)::int AS tk, sum(c)::int AS c, sum(r)::int AS r, sum(d)::int AS d
    FROM (
      SELECT "templateVersionId" AS v, "startedAt"::date::text AS day, 1 AS runs, COALESCE("qualityScore", 0) AS qs, ("qualityScore" IS NOT NULL)::int AS qc,
        COALESCE("userRating", 0) AS rs, ("userRating" IS NOT NULL)::int AS rc, COALESCE("durationMs", 0)::float8 AS ds, ("durationMs" IS NOT NULL)::int AS dc,
        "inputTokens" + "outputTokens" AS tk, 0 AS c, 0 AS r, 0 AS d
      FROM "WakeRun" WHERE "templateId" = ${templateId}
      UNION ALL
      SELECT cs."templateVersionId", d."decidedAt"::date::text, 0, 0, 0, 0, 0, 0, 0, 0,
        (d."verdict" = 'confirmed')::int, (d."verdict" = 'rejected')::int, (d."verdict" = 'deferred')::int
      FROM "ChangeDecision" d JOIN "ChangeItem" ci ON ci."id" = d."changeItemId" JOIN "ChangeSet" cs ON cs."id" = ci."changeSetId"
      WHERE d."templateId" = ${templateId}
    ) x GROUP BY 1, 2 ORDER BY 1, 2`;
  return { rollup, raw };
}

describe("dashboard rollup (write time)", () => {
  it("stays equal to the raw rows through inserts, run updates, re-ratings and decisions; change sets carry their version", async () => {
    const { scope, template, agents } = await feedbackSetup(2);
    const [a1, a2] = agents;
    const v1 = (await db.agentTemplate.findUniqueOrThrow({ where: { id: template.id } })).headVersionId!;
    const r1 = await recordRun({ scope, agentId: a1.id, reason: "manual", status: "succeeded", qualityScore: 0.6, durationMs: 1200, inputTokens: 10, outputTokens: 5 });
    const r2 = await recordRun({ scope, agentId: a2.id, reason: "manual", status: "failed", durationMs: 800 });
    await rateRun({ scope, runId: r1.id, rating: 0.2 });
    await rateRun({ scope, runId: r1.id, rating: 0.9 }); // re-rating replaces the old rating in the sums
    // A run that finishes later: its quality, duration and tokens arrive by update.
    await db.wakeRun.update({ where: { id: r2.id }, data: { qualityScore: 0.8, inputTokens: 7 } });

    const fromRun = await createChangeSet({ scope, agentId: a1.id, wakeRunId: r1.id, items: [{ tool: "propose_estimate", args: {}, summary: "a" }, { tool: "propose_status", args: {}, summary: "b" }] });
    const v2 = await createTemplateVersion({ scope, templateId: template.id, directives: "v2", authoredBy: "user" });
    const fromApi = await createChangeSet({ scope, agentId: a2.id, items: [{ tool: "propose_estimate", args: {}, summary: "c" }] });
    expect((await db.changeSet.findMany({ where: { id: { in: [fromRun.id, fromApi.id] } }, orderBy: { changeCounter: "asc" } })).map((s) => s.templateVersionId)).toEqual([v1, v2.id]);

    // Decided after v2 became the head: the v1 run's proposals still count for v1.
    await decideChangeItems({ scope, itemIds: [fromRun.items[0].id], verdict: "confirmed" });
    await decideChangeItems({ scope, itemIds: [fromRun.items[1].id], verdict: "deferred" });
    await decideChangeItems({ scope, itemIds: [fromRun.items[1].id], verdict: "rejected" });
    await decideChangeItems({ scope, itemIds: [fromApi.items[0].id], verdict: "rejected" });
    // On the head, named: without a version a run is recorded on the agent's own version, which
    // during v2's probation may be v1 (the agent's arm).
    await recordRun({ scope, agentId: a1.id, templateVersionId: v2.id, reason: "manual", status: "succeeded", qualityScore: 1 });

    const { rollup, raw } = await rollupAndRaw(template.id);
    expect(rollup).toEqual(raw);
    expect(rollup.length).toBeGreaterThan(0);

    const versions = await getVersionPerformance({ workspaceId: scope.workspaceId, templateId: template.id });
    expect(versions.map((v) => ({ n: v.number, runs: v.runs, rated: v.rated, rating: v.avgRating, c: v.confirmed, r: v.rejected }))).toEqual([
      { n: 1, runs: 2, rated: 1, rating: 0.9, c: 1, r: 1 },
      { n: 2, runs: 1, rated: 0, rating: null, c: 0, r: 1 },
    ]);
    expect(versions[0].avgQuality).toBeCloseTo(0.7, 9);

    // Window reads (rollup days + raw edge days) agree with the raw rows.
    const now = new Date(Date.now() + 60_000);
    const metrics = await getTemplateMetrics({ workspaceId: scope.workspaceId, templateId: template.id, days: 7, now });
    expect(metrics).toMatchObject({ wakes: { current: 3, previous: 0 }, acceptance: { confirmed: 1, rejected: 2 }, rating: { current: 0.9, rated: 1 }, tokens: { current: 22 } });
    expect(metrics.durationMs.current).toBeCloseTo(2000 / 3, 9); // 1200, 800 and a recorded 0
    const week = (await getWeeklySeries({ workspaceId: scope.workspaceId, templateId: template.id, weeks: 2, now })).at(-1)!;
    expect(week).toMatchObject({ runs: 3, avgRating: 0.9, acceptance: 1 / 3, versionsStarted: [1, 2] });
  });

  it("keeps an hourly rollup equal to the raw rows, and reads periods cut mid-day and mid-hour exactly", async () => {
    const { scope, template, agents } = await feedbackSetup(1);
    const head = (await db.agentTemplate.findUniqueOrThrow({ where: { id: template.id } })).headVersionId!;
    const HOUR = 3_600_000;
    const now = Date.now() + 30_000;
    const hourStart = Math.floor(now / HOUR) * HOUR;
    // Runs spread over the last three days, at awkward minutes, a few in the current hour (before now).
    const offsets = [-70 * HOUR + 7 * 60_000, -49 * HOUR - 1_000, -26.5 * HOUR, -25 * HOUR + 59 * 60_000, -3.2 * HOUR, -2.75 * HOUR, -HOUR - 1, -90 * 60_000];
    const starts = [...offsets.map((o) => hourStart + o), hourStart, hourStart + Math.floor((now - hourStart) / 2)].map((t) => new Date(t));
    for (const [i, startedAt] of starts.entries()) {
      await makeRunRow(agents[0], { templateVersionId: head, startedAt, qualityScore: (i % 5) / 4, durationMs: 100 * (i + 1), inputTokens: i, outputTokens: 1 });
    }
    // A re-scored run moves between the hourly rows too.
    const moved = await db.wakeRun.findFirstOrThrow({ where: { agentId: agents[0].id, startedAt: starts[2] } });
    await db.wakeRun.update({ where: { id: moved.id }, data: { qualityScore: 0.33, userRating: 0.5 } });
    await recordRun({ scope, agentId: agents[0].id, reason: "manual", status: "succeeded", qualityScore: 0.5 });

    const hourly = await db.$queryRaw<unknown[]>`
      SELECT "hour"::text AS h, sum("runs")::int AS runs, sum("qualitySum")::float8 AS qs, sum("ratingCount")::int AS rc, sum("tokens")::int AS tk
      FROM "TemplateHourlyStats" WHERE "templateId" = ${template.id} GROUP BY 1 HAVING sum("runs") <> 0 ORDER BY 1`;
    const rawHourly = await db.$queryRaw<unknown[]>`
      SELECT date_trunc('hour', "startedAt")::text AS h, count(*)::int AS runs, sum(COALESCE("qualityScore", 0))::float8 AS qs, count("userRating")::int AS rc, sum("inputTokens" + "outputTokens")::int AS tk
      FROM "WakeRun" WHERE "templateId" = ${template.id} GROUP BY 1 ORDER BY 1`;
    expect(hourly).toEqual(rawHourly);

    /** The same periods aggregated from the raw rows. */
    const rawPeriods = async (boundaries: Date[]) => {
      const runs = await db.wakeRun.findMany({ where: { templateId: template.id }, select: { startedAt: true, qualityScore: true, inputTokens: true, outputTokens: true } });
      return boundaries.slice(1).map((end, i) => {
        const inside = runs.filter((r) => r.startedAt >= boundaries[i] && r.startedAt < end);
        return { runs: inside.length, tokens: inside.reduce((n, r) => n + r.inputTokens + r.outputTokens, 0), qualityCount: inside.filter((r) => r.qualityScore !== null).length };
      });
    };
    const cases: Date[][] = [
      // Ends now: the current hour is read whole from the hourly rollup.
      [new Date(now - 3 * 24 * HOUR + 12_345), new Date(now - 26 * HOUR), new Date(now - 2.5 * HOUR), new Date(now)],
      // Ends in the past, mid-hour: its partial hours are read raw.
      [new Date(hourStart - 50 * HOUR - 17 * 60_000), new Date(hourStart - 25.5 * HOUR), new Date(hourStart - 2.9 * HOUR)],
      // Hour-aligned boundaries inside a day.
      [new Date(hourStart - 27 * HOUR), new Date(hourStart - 3 * HOUR), new Date(hourStart)],
      // A last period shorter than an hour, ending now.
      [new Date(now - 5 * HOUR), new Date(Math.max(hourStart, now - 60_000)), new Date(now + 1)],
    ];
    for (const boundaries of cases) {
      // `now`: nothing was written after it (the recordRun above is in this hour, before it).
      const read = await readPeriods({ workspaceId: scope.workspaceId, templateId: template.id, boundaries, now: new Date(now) });
      expect(read.map((p) => ({ runs: p.runs, tokens: p.tokens, qualityCount: p.qualityCount }))).toEqual(await rawPeriods(boundaries));
    }
  });
});
