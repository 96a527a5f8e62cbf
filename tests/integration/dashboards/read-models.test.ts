import { describe, expect, it } from "vitest";
import { getActiveInstances } from "@/features/dashboards/server/active-instances";
import { getTemplateGrowth } from "@/features/dashboards/server/growth";
import { getTemplateMetrics, getTemplateMttr } from "@/features/dashboards/server/template-metrics";
import { getVersionPerformance, getWeeklySeries, getWindowSeries } from "@/features/dashboards/server/version-performance";
import { getWorkspaceHealth } from "@/features/dashboards/server/workspace-health";
import { createDashboardFixture, HOUR, NOW } from "./fixture";

const close = (v: number | null) => (v == null ? v : Math.round(v * 1e6) / 1e6);

describe("dashboard read models", () => {
  it("template metrics: wakes, quality, acceptance, rating, duration, tokens, with the previous window", async () => {
    const f = await createDashboardFixture();
    const m = await getTemplateMetrics({ workspaceId: f.workspace.id, templateId: f.template.id, days: 7, now: NOW });
    expect(m.wakes).toEqual({ current: 3, previous: 2 });
    expect([close(m.quality.current), close(m.quality.previous)]).toEqual([0.7, 0.4]);
    // confirmed / (confirmed + rejected); the deferred decision does not count.
    expect(m.acceptance).toEqual({ current: 0.75, previous: 0.5, confirmed: 3, rejected: 1 });
    expect(m.rating).toEqual({ current: 0.75, previous: 0.2, rated: 2 });
    expect(m.durationMs).toEqual({ current: 2000, previous: 3000 });
    expect(m.tokens).toEqual({ current: 550, previous: 400 }); // 150 + 300 + 100 vs 300 + 100

    const month = await getTemplateMetrics({ workspaceId: f.workspace.id, templateId: f.template.id, days: 30, now: NOW });
    expect(month.wakes).toEqual({ current: 5, previous: 0 });
    expect(month.acceptance).toMatchObject({ current: 4 / 6, previous: null, confirmed: 4, rejected: 2 });
    expect(month.tokens).toEqual({ current: 950, previous: null });
  });

  it("MTTR: mean and median of done tasks of the template's agents completed in the window", async () => {
    const f = await createDashboardFixture();
    const mttr = await getTemplateMttr({ workspaceId: f.workspace.id, templateId: f.template.id, days: 7, now: NOW });
    // 24 h, 6 h, 384 h completed in the window; 12 h in the one before; the in-progress task never counts.
    expect(mttr).toEqual({ days: 7, count: 3, meanMs: 138 * HOUR, medianMs: 24 * HOUR, previous: { count: 1, meanMs: 12 * HOUR, medianMs: 12 * HOUR } });
  });

  it("growth: agents created in the last 7 days vs the 7 before", async () => {
    const f = await createDashboardFixture();
    expect(await getTemplateGrowth({ workspaceId: f.workspace.id, templateId: f.template.id, now: NOW })).toEqual({ thisWeek: 2, lastWeek: 1, tone: "green" });
    // A week later: nothing new, 2 the week before → decline.
    expect(await getTemplateGrowth({ workspaceId: f.workspace.id, templateId: f.template.id, now: new Date(NOW.getTime() + 7 * 24 * HOUR) })).toEqual({ thisWeek: 0, lastWeek: 2, tone: "red" });
  });

  it("active instances: agents with a run in the window, newest wake first, with wake counts and last status", async () => {
    const f = await createDashboardFixture();
    const week = await getActiveInstances({ workspaceId: f.workspace.id, templateId: f.template.id, days: 7, now: NOW });
    expect(week.total).toBe(2);
    expect(week.instances.map((i) => [i.displayName, i.wakeCount, i.lastRunStatus, i.taskTitle, i.lastWakeAt.toISOString()])).toEqual([
      ["Agent one", 2, "succeeded", "Task of Agent one", "2025-06-17T10:00:00.000Z"],
      ["Agent two", 1, "failed", "Task of Agent two", "2025-06-16T10:00:00.000Z"],
    ]);
    const month = await getActiveInstances({ workspaceId: f.workspace.id, templateId: f.template.id, days: 30, now: NOW, limit: 3 });
    expect(month.total).toBe(4);
    expect(month.instances.map((i) => i.displayName)).toEqual(["Agent one", "Agent two", "Agent three"]);
  });

  it("per-version averages over each version's life; decisions count for the version active when they were made", async () => {
    const f = await createDashboardFixture();
    const versions = await getVersionPerformance({ workspaceId: f.workspace.id, templateId: f.template.id });
    expect(versions.map((v) => ({ n: v.number, runs: v.runs, q: close(v.avgQuality), rating: close(v.avgRating), rated: v.rated, c: v.confirmed, r: v.rejected, acc: v.acceptance }))).toEqual([
      { n: 1, runs: 2, q: 0.4, rating: 0.2, rated: 1, c: 1, r: 1, acc: 0.5 },
      { n: 2, runs: 3, q: 0.7, rating: 0.75, rated: 2, c: 3, r: 1, acc: 0.75 },
    ]);
  });

  it("the Performance tab's series covers exactly the selected window: the runs and decisions the window's numbers count", async () => {
    const f = await createDashboardFixture();
    for (const days of [7, 30, 90]) {
      const series = await getWindowSeries({ workspaceId: f.workspace.id, templateId: f.template.id, days, now: NOW });
      const m = await getTemplateMetrics({ workspaceId: f.workspace.id, templateId: f.template.id, days, now: NOW });
      // Its first period starts where the window does; a day each for 7 days, 7 days each otherwise.
      expect(series[0].weekStart.getTime(), `${days} days`).toBe(NOW.getTime() - days * 24 * HOUR);
      expect(series.length, `${days} days`).toBe(days === 7 ? 7 : Math.ceil(days / 7));
      expect(series.reduce((n, p) => n + p.runs, 0), `${days} days`).toBe(m.wakes.current);
    }
  });

  it("weekly series: every week present, with version boundaries", async () => {
    const f = await createDashboardFixture();
    const weeks = await getWeeklySeries({ workspaceId: f.workspace.id, templateId: f.template.id, weeks: 12, now: NOW });
    expect(weeks).toHaveLength(12);
    expect(weeks[0].weekStart.toISOString()).toBe("2025-03-31T00:00:00.000Z");
    const byWeek = Object.fromEntries(weeks.map((w) => [w.weekStart.toISOString().slice(0, 10), w]));
    expect(byWeek["2025-06-16"]).toMatchObject({ runs: 2, avgRating: 0.5, acceptance: 0.5, versionsStarted: [] });
    expect(close(byWeek["2025-06-16"].avgQuality)).toBe(0.65);
    expect(byWeek["2025-06-09"]).toMatchObject({ runs: 2, acceptance: 0.75, versionsStarted: [2] });
    expect([close(byWeek["2025-06-09"].avgQuality), close(byWeek["2025-06-09"].avgRating)]).toEqual([0.65, 0.6]);
    // Acceptance's 95% interval (Wilson): 3 of 4 confirmed is anything from 30% to 95%.
    expect(byWeek["2025-06-09"].acceptanceInterval).toEqual({ low: expect.closeTo(0.3006, 3), high: expect.closeTo(0.9544, 3) });
    expect(byWeek["2025-06-02"]).toMatchObject({ runs: 1, avgQuality: 0.3, avgRating: null, acceptance: null, acceptanceInterval: null });
    expect(byWeek["2025-04-28"]).toMatchObject({ runs: 0, avgQuality: null, versionsStarted: [1] });
  });

  it("workspace health: quality and acceptance this week vs last, pending decisions, last activity", async () => {
    const f = await createDashboardFixture();
    const health = await getWorkspaceHealth({ workspaceId: f.workspace.id, now: NOW });
    expect(health.map((h) => h.templateId).sort()).toEqual([f.template.id, f.quiet.id].sort());
    const main = health.find((h) => h.templateId === f.template.id)!;
    expect(close(main.quality.current)).toBe(0.7);
    expect(close(main.quality.previous)).toBe(0.4);
    expect(main).toMatchObject({ headNumber: 2, acceptance: { current: 0.75, previous: 0.5 }, runsThisWeek: 3, pendingDecisions: 2, nextRitualAt: null });
    expect(main.lastActivityAt?.toISOString()).toBe("2025-06-17T10:00:00.000Z");
    expect(health.find((h) => h.templateId === f.quiet.id)).toMatchObject({ quality: { current: null, previous: null }, acceptance: { current: null, previous: null }, pendingDecisions: 0, lastActivityAt: null, runsThisWeek: 0 });
  });

  it("workspace scoping: another workspace never sees this template's rows", async () => {
    const f = await createDashboardFixture();
    const other = await createDashboardFixture();
    const foreign = { workspaceId: other.workspace.id, templateId: f.template.id };
    const m = await getTemplateMetrics({ ...foreign, days: 90, now: NOW });
    expect(m.wakes).toEqual({ current: 0, previous: 0 });
    expect(m.acceptance).toMatchObject({ current: null, confirmed: 0, rejected: 0 });
    expect((await getTemplateMttr({ ...foreign, days: 90, now: NOW })).count).toBe(0);
    expect(await getTemplateGrowth({ ...foreign, now: NOW })).toEqual({ thisWeek: 0, lastWeek: 0, tone: "amber" });
    expect(await getActiveInstances({ ...foreign, days: 90, now: NOW })).toEqual({ total: 0, instances: [] });
    expect(await getVersionPerformance(foreign)).toEqual([]);
    expect((await getWeeklySeries({ ...foreign, weeks: 12, now: NOW })).every((w) => w.runs === 0 && w.acceptance === null && w.versionsStarted.length === 0)).toBe(true);
    const health = await getWorkspaceHealth({ workspaceId: other.workspace.id, now: NOW });
    expect(health.map((h) => h.templateId).sort()).toEqual([other.template.id, other.quiet.id].sort());
    // Both workspaces hold the same data, so their numbers match exactly: nothing was added from the other.
    expect(health.find((h) => h.templateId === other.template.id)).toMatchObject({ pendingDecisions: 2, runsThisWeek: 3 });
  });
});
