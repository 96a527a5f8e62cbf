import type { Metadata } from "next";
import { plural } from "@/lib/format";
import { DashboardSection } from "@/features/dashboards/components/dashboard-section";
import { VersionPerformanceChart } from "@/features/dashboards/components/lazy-charts";
import { VersionTable } from "@/features/dashboards/components/version-table";
import { WindowBar } from "@/features/dashboards/components/window-bar";
import { getVersionPerformance, getWindowSeries, seriesStepDays } from "@/features/dashboards/server";
import { weekLabel } from "@/features/dashboards/window";
import { loadWindowTab } from "../data";
import { readThrough } from "@/server/read-cache";

export const metadata: Metadata = { title: "Template performance" };

/** Performance: the window's series (the selected window, nothing more) with version changes marked, and each version's whole-life averages. */
export default async function TemplatePerformancePage(props: { params: Promise<{ slug: string; id: string }>; searchParams: Promise<Record<string, string | undefined>> }) {
  const { ctx, template, query, days, workspaceId } = await loadWindowTab(props);
  const [versionStats, weeks] = await readThrough(ctx.workspace, `template-performance:${template.id}:${days}`, () =>
    Promise.all([
      getVersionPerformance({ workspaceId, templateId: template.id }),
      getWindowSeries({ workspaceId, templateId: template.id, days, now: new Date() }),
    ]),
  );
  const daily = seriesStepDays(days) === 1;
  return (
    <div className="space-y-6">
      <WindowBar days={days} params={query} />
      <DashboardSection
        id="versions"
        title="Versions over time"
        description={`${daily ? "Daily averages" : "Averages per 7 days (the last period up to now)"} over the last ${plural(days, "day")}, the window above; the shaded band is acceptance's 95% interval, dashed lines mark the ${daily ? "day" : "period"} a version became active. The table covers each version's whole life, whatever the window.`}
      >
        <div className="px-5 pb-2 pt-4">
          <VersionPerformanceChart
            period={daily ? "day" : "7 days"}
            weeks={weeks.map((w) => ({ label: weekLabel(w.weekStart), quality: w.avgQuality, acceptance: w.acceptance, acceptanceBand: w.acceptanceInterval ? [w.acceptanceInterval.low, w.acceptanceInterval.high] : null, rating: w.avgRating, runs: w.runs, versions: w.versionsStarted }))}
          />
        </div>
        <VersionTable versions={versionStats} headVersionId={template.headVersionId} />
      </DashboardSection>
    </div>
  );
}
