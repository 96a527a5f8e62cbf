import type { Metadata } from "next";
import { Badge, Card, CardHeader, Notice, PageHeader } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { DataTable } from "@/components/ui/table";
import { describeSchedule, formatInZone } from "@/features/rituals/components/format";
import { ScheduleForm } from "@/features/rituals/components/schedule-form";
import { getScheduleOverview } from "@/features/rituals/server";
import { ReplayGuardForm } from "@/features/replay/components/replay-guard-form";
import { getReplayGuard } from "@/features/replay/server";
import { TemplateLink } from "@/features/templates/components/template-link";
import { can } from "@/features/workspaces/permissions";
import { getPageWorkspaceContext } from "@/features/workspaces/server";
import { REPLAY_CHECK_EXPLAINED } from "@/features/replay/explain";

export const metadata: Metadata = { title: "Ritual schedule" };

const KIND_LABEL = { taskAgent: "Task agent", templateImprover: "Improver · level 1", metaImprover: "Meta-improver · level 2" } as const;

export default async function ScheduleSettingsPage({ params }: { params: Promise<{ slug: string }> }) {
  const { slug } = await params;
  const ctx = await getPageWorkspaceContext(slug);
  const canManage = can(ctx.membership.role, "rituals.manage");
  const [{ schedule, templates }, replayGuard] = await Promise.all([getScheduleOverview(ctx.workspace.id), getReplayGuard(ctx.workspace.id)]);

  return (
    <>
      <PageHeader
        title="Ritual schedule"
        description="When the improvers meet: each task template's improver weekly, the meta-improver on the first such weekday of the month. Templates may keep their own schedule."
      />
      <div className="space-y-6">
        {canManage ? null : <Notice>Only admins and owners change the schedule; you can read it.</Notice>}
        <Card>
          <CardHeader title="Workspace schedule" description={`${describeSchedule(schedule)}. Saving reschedules every improver that follows it.`} />
          <div className="px-5 py-4">
            <ScheduleForm
              workspaceSlug={slug}
              target={{ kind: "workspace" }}
              initial={schedule}
              cadence="weekly"
              canEdit={canManage}
            />
          </div>
        </Card>
        <Card>
          <CardHeader
            title="Replay check before approval"
            description={`${REPLAY_CHECK_EXPLAINED} Every proposal gets one before approval: rejections it would avoid, acceptances it would keep, quality and tokens, with 95% intervals.`}
          />
          <div className="px-5 py-4">
            <ReplayGuardForm workspaceSlug={slug} initial={replayGuard} canEdit={canManage} />
          </div>
        </Card>
        <Card>
          <CardHeader title="Next rituals" description="Per template, in the time zone of its schedule. Change a template's own schedule on its page." />
          {templates.length === 0 ? (
            <div className="p-5">
              <EmptyState title="No templates yet">Each task template gets an improver and a weekly ritual.</EmptyState>
            </div>
          ) : (
            <DataTable rows={templates} rowKey={(t) => t.id} rowTestId="schedule-row" rowProps={(t) => ({ "data-template": t.name })} testId="schedule-table" pad="card" headY="py-2.5"
              columns={[
                {
                  header: "Template",
                  cell: (t) => (
                    <>
                      <TemplateLink slug={slug} id={t.id} name={t.name} />
                      {t.kind !== "taskAgent" ? (
                        <span className="ml-2">
                          <Badge tone="amber">{KIND_LABEL[t.kind]}</Badge>
                        </span>
                      ) : null}
                    </>
                  ),
                },
                {
                  header: "Schedule",
                  className: "text-zinc-600",
                  cell: (t) => (
                    <>
                      {describeSchedule(t.schedule, t.cadence)}
                      {t.overridden ? (
                        <span className="ml-2">
                          <Badge tone="brand">Own schedule</Badge>
                        </span>
                      ) : null}
                    </>
                  ),
                },
                {
                  header: "Next ritual",
                  className: "font-medium tabular-nums",
                  cellProps: () => ({ "data-testid": "schedule-next" }),
                  cell: (t) => (t.nextRitualAt ? formatInZone(t.nextRitualAt, t.schedule.timezone) : <Badge tone="amber">Paused</Badge>),
                },
              ]}
            />
          )}
          <p className="border-t border-zinc-100 px-5 py-3 text-xs text-zinc-500">
            Level-2 templates (the meta-improver&apos;s directives) have no ritual: people edit them.
          </p>
        </Card>
      </div>
    </>
  );
}
