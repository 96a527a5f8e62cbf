import type { Metadata } from "next";
import { plural } from "@/lib/format";
import { ActiveInstancesTable } from "@/features/dashboards/components/active-instances-table";
import { DashboardSection } from "@/features/dashboards/components/dashboard-section";
import { GrowthCard } from "@/features/dashboards/components/growth-card";
import { WindowBar } from "@/features/dashboards/components/window-bar";
import { getActiveInstances, getTemplateGrowth } from "@/features/dashboards/server";
import { Card, CardHeader } from "@/components/ui/card";
import { ExternalAgentsForm } from "@/features/replay/components/external-agents-form";
import { getExternalAgentSettings } from "@/features/replay/server";
import { can } from "@/features/workspaces/permissions";
import { loadWindowTab } from "../data";
import { readThrough } from "@/server/read-cache";

export const metadata: Metadata = { title: "Template instances" };

/** Who may not edit sees the endpoint's origin only: its path may hold a token. */
function originOf(url: string | null): string | null {
  if (!url) return null;
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

/** Instances: growth, the agents that ran in the window (newest wake first), and where they run. */
export default async function TemplateInstancesPage(props: { params: Promise<{ slug: string; id: string }>; searchParams: Promise<Record<string, string | undefined>> }) {
  const { ctx, template, instanceCount, slug, query, days, workspaceId } = await loadWindowTab(props);
  const now = new Date();
  const [[growth, active], external] = await Promise.all([
    readThrough(ctx.workspace, `template-instances:${template.id}:${days}`, () =>
      Promise.all([getTemplateGrowth({ workspaceId, templateId: template.id, now }), getActiveInstances({ workspaceId, templateId: template.id, days, now })]),
    ),
    getExternalAgentSettings(workspaceId, template.id),
  ]);
  const canEdit = can(ctx.membership.role, "templates.write");
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
      {external ? (
        <Card>
          <CardHeader title="Where the agents run" description="Here, or in your own code through the API — with a replay endpoint so proposals can be checked on last week's runs." />
          <ExternalAgentsForm
            workspaceSlug={slug}
            templateId={template.id}
            initial={canEdit ? external : { runsExternally: external.runsExternally, replayUrl: originOf(external.replayUrl), replaySecret: null }}
            canEdit={canEdit}
          />
        </Card>
      ) : null}
    </div>
  );
}
