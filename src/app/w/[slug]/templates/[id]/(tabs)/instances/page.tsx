import type { Metadata } from "next";
import { plural } from "@/lib/format";
import { ActiveInstancesTable } from "@/features/dashboards/components/active-instances-table";
import { DashboardSection } from "@/features/dashboards/components/dashboard-section";
import { GrowthCard } from "@/features/dashboards/components/growth-card";
import { WindowBar } from "@/features/dashboards/components/window-bar";
import { getActiveInstances, getTemplateGrowth } from "@/features/dashboards/server";
import { loadWindowTab } from "../data";
import { readThrough } from "@/server/read-cache";

export const metadata: Metadata = { title: "Template instances" };

/** Instances: growth, and the agents that ran in the window, newest wake first. */
export default async function TemplateInstancesPage(props: { params: Promise<{ slug: string; id: string }>; searchParams: Promise<Record<string, string | undefined>> }) {
  const { ctx, template, instanceCount, slug, query, days, workspaceId } = await loadWindowTab(props);
  const now = new Date();
  const [growth, active] = await readThrough(ctx.workspace, `template-instances:${template.id}:${days}`, () =>
    Promise.all([getTemplateGrowth({ workspaceId, templateId: template.id, now }), getActiveInstances({ workspaceId, templateId: template.id, days, now })]),
  );
  return (
    <div className="space-y-6">
      <WindowBar days={days} params={query} />
      <DashboardSection id="instances" title="Instances" description={`${active.total.toLocaleString("en")} of ${plural(instanceCount, "agent")} ran in the last ${plural(days, "day")}.`}>
        <div className="grid lg:grid-cols-[17rem_1fr]">
          <div className="border-b border-zinc-100 lg:border-b-0 lg:border-r">
            <GrowthCard growth={growth} />
          </div>
          <ActiveInstancesTable slug={slug} instances={active.instances} total={active.total} days={days} />
        </div>
      </DashboardSection>
    </div>
  );
}
