import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { z } from "zod";
import { MessagesSquare } from "lucide-react";
import { buttonClass } from "@/components/ui/button";
import { Badge, Card, CardHeader, PageHeader } from "@/components/ui/card";
import { formatDateTime, plural } from "@/lib/format";
import { ActiveInstancesTable } from "@/features/dashboards/components/active-instances-table";
import { DashboardSection } from "@/features/dashboards/components/dashboard-section";
import { FeedbackSection } from "@/features/dashboards/components/feedback-section";
import { GrowthCard } from "@/features/dashboards/components/growth-card";
import { MetricCards } from "@/features/dashboards/components/metric-cards";
import { VersionPerformanceChart } from "@/features/dashboards/components/lazy-charts";
import { VersionTable } from "@/features/dashboards/components/version-table";
import { WindowFilter } from "@/features/dashboards/components/window-filter";
import { getActiveInstances, getTemplateGrowth, getTemplateMetrics, getTemplateMttr, getVersionPerformance, getWeeklySeries, seriesWeeks } from "@/features/dashboards/server";
import { parseWindow, weekLabel } from "@/features/dashboards/window";
import { getFeedbackBreakdown, getWaitingFeedback } from "@/features/feedback/server";
import { ClauseBlameList } from "@/features/one-on-one/components/clause-blame-list";
import { getClauseBlame, getOpenSession, listPreferenceConflicts } from "@/features/one-on-one/server";
import { PreferenceConflicts } from "@/features/one-on-one/components/preference-conflicts";
import { ProbationPanel } from "@/features/probation/components/probation-panel";
import { ProbationSettingsForm } from "@/features/probation/components/probation-settings-form";
import { getProbationSettings, getTemplateProbation } from "@/features/probation/server";
import { RefreshFeedbackButton } from "@/features/feedback/components/refresh-feedback-button";
import { RitualPanel } from "@/features/rituals/components/ritual-panel";
import { getTemplateRitualPanel } from "@/features/rituals/server";
import { NewVersionForm } from "@/features/templates/components/new-version-form";
import { SetHeadButton } from "@/features/templates/components/set-head-button";
import { VersionDiff } from "@/features/templates/components/version-diff";
import { getTemplate, listVersions, type VersionRow } from "@/features/templates/server";
import { can } from "@/features/workspaces/permissions";
import { getPageWorkspaceContext } from "@/features/workspaces/server";

export const metadata: Metadata = { title: "Template" };

const CompareParams = z.object({ a: z.coerce.number().int().positive().optional(), b: z.coerce.number().int().positive().optional() });

function author(v: VersionRow) {
  if (v.authoredBy === "agent") return "Improver agent";
  if (v.authoredBy === "system") return "System";
  return v.author?.name ?? v.author?.email ?? "A person";
}

export default async function TemplatePage({ params, searchParams }: { params: Promise<{ slug: string; id: string }>; searchParams: Promise<Record<string, string | undefined>> }) {
  const { slug, id } = await params;
  const ctx = await getPageWorkspaceContext(slug);
  const [template, versions] = await Promise.all([getTemplate(ctx.workspace.id, id), listVersions(ctx.workspace.id, id)]);
  if (!template) notFound();
  const head = versions.find((v) => v.id === template.headVersionId)!;
  const canWrite = can(ctx.membership.role, "templates.write");

  const query = await searchParams;
  const days = parseWindow(query.window);
  const workspaceId = ctx.workspace.id;
  const now = new Date();
  const [metrics, mttr, growth, active, versionStats, weeks, feedback, waiting, openSession, ritual, probation, probationSettings, blame, conflicts] = await Promise.all([
    getTemplateMetrics({ workspaceId, templateId: template.id, days, now }),
    getTemplateMttr({ workspaceId, templateId: template.id, days, now }),
    getTemplateGrowth({ workspaceId, templateId: template.id, now }),
    getActiveInstances({ workspaceId, templateId: template.id, days, now }),
    getVersionPerformance({ workspaceId, templateId: template.id }),
    getWeeklySeries({ workspaceId, templateId: template.id, weeks: seriesWeeks(days), now }),
    getFeedbackBreakdown({ workspaceId, templateId: template.id, days, now }),
    getWaitingFeedback({ workspaceId, templateId: template.id }),
    getOpenSession(workspaceId, template.id),
    getTemplateRitualPanel(workspaceId, template.id, now),
    getTemplateProbation(workspaceId, template.id, now),
    getProbationSettings(workspaceId, template.id),
    getClauseBlame(workspaceId, template.id),
    listPreferenceConflicts({ workspaceId, templateId: template.id }),
  ]);

  const compare = CompareParams.safeParse(query);
  const byNumber = (n?: number) => (n ? versions.find((v) => v.number === n) : undefined);
  const right = byNumber(compare.data?.b) ?? head;
  const left = byNumber(compare.data?.a) ?? (right.parent ? byNumber(right.parent.number) : undefined) ?? versions.find((v) => v.number === right.number - 1) ?? right;

  return (
    <>
      <PageHeader
        title={template.name}
        description={template.description || undefined}
        actions={
          <div className="flex flex-wrap items-center gap-2 text-sm">
            {template.kind !== "taskAgent" ? <Badge tone="amber">{template.kind === "metaImprover" ? "Meta-improver" : "Improver"} · level {template.level}</Badge> : null}
            <Badge tone="brand">Active: v{head.number}</Badge>
            <Badge>{plural(template._count.agents, "instance")}</Badge>
            <Link className="font-medium text-brand-600 hover:underline" href={`/w/${slug}/templates/${template.id}/notes`}>
              Notes
            </Link>
            <Link className="font-medium text-brand-600 hover:underline" href={`/w/${slug}/templates/${template.id}/hypotheses`}>
              Hypotheses
            </Link>
            <Link className={buttonClass("primary", "sm")} href={`/w/${slug}/templates/${template.id}/one-on-one`}>
              <MessagesSquare className="size-4" aria-hidden />
              {openSession ? (openSession.origin === "ritual" ? `One-on-one · ritual #${openSession.sessionNumber}` : `Continue one-on-one #${openSession.sessionNumber}`) : "One-on-one"}
            </Link>
          </div>
        }
      />
      <div className="space-y-6">
        {ritual ? (
          <RitualPanel
            slug={slug}
            templateId={template.id}
            panel={ritual}
            canRun={can(ctx.membership.role, "rituals.run")}
            canManage={can(ctx.membership.role, "rituals.manage")}
            timezones={Intl.supportedValuesOf("timeZone")}
          />
        ) : null}

        <PreferenceConflicts workspaceSlug={slug} conflicts={conflicts} canSettle={can(ctx.membership.role, "proposals.decide")} />

        {probation ? <ProbationPanel slug={slug} probation={probation} canWrite={canWrite} /> : null}

        <div className="flex flex-wrap items-center justify-between gap-3">
          <p className="text-sm text-zinc-500">
            Dashboard for the last <b className="font-semibold text-zinc-800">{plural(days, "day")}</b>, compared with the {plural(days, "day")} before.
          </p>
          <WindowFilter current={days} params={query} />
        </div>

        <DashboardSection id="performance" title="Performance" description={`Runs, proposals and resolved tasks of the last ${plural(days, "day")}. Arrows compare with the ${plural(days, "day")} before.`}>
          <MetricCards metrics={metrics} mttr={mttr} />
        </DashboardSection>

        <DashboardSection id="instances" title="Instances" description={`${active.total.toLocaleString("en")} of ${plural(template._count.agents, "agent")} ran in the last ${plural(days, "day")}.`}>
          <div className="grid lg:grid-cols-[17rem_1fr]">
            <div className="border-b border-zinc-100 lg:border-b-0 lg:border-r">
              <GrowthCard growth={growth} />
            </div>
            <ActiveInstancesTable slug={slug} instances={active.instances} total={active.total} days={days} />
          </div>
        </DashboardSection>

        <DashboardSection id="versions" title="Versions over time" description={`Weekly averages over the last ${plural(weeks.length, "week")}; the shaded band is acceptance's 95% interval, dashed lines mark the week a version became active. The table covers each version's whole life.`}>
          <div className="px-5 pb-2 pt-4">
            <VersionPerformanceChart
              weeks={weeks.map((w) => ({ label: weekLabel(w.weekStart), quality: w.avgQuality, acceptance: w.acceptance, acceptanceBand: w.acceptanceInterval ? [w.acceptanceInterval.low, w.acceptanceInterval.high] : null, rating: w.avgRating, runs: w.runs, versions: w.versionsStarted }))}
            />
          </div>
          <VersionTable versions={versionStats} headVersionId={template.headVersionId} />
        </DashboardSection>

        <DashboardSection id="feedback" title="Feedback" description={`Classified feedback of the last ${days} days: sentiment per category and signals shared by several agents.`}>
          {can(ctx.membership.role, "feedback.classify") ? (
            <div className="px-5 pt-4">
              <RefreshFeedbackButton workspaceSlug={slug} templateId={template.id} />
            </div>
          ) : null}
          <FeedbackSection slug={slug} breakdown={feedback} waiting={waiting} days={days} />
        </DashboardSection>

        <Card>
          <CardHeader title={`Active directives · v${head.number}`} description={`${author(head)}, ${formatDateTime(head.createdAt)}${head.rationale ? ` — ${head.rationale}` : ""}`} />
          <div className="space-y-4 p-5">
            <pre className="max-h-96 overflow-auto whitespace-pre-wrap rounded-lg bg-zinc-50 p-4 font-mono text-[13px] leading-relaxed text-zinc-800" data-testid="active-directives">
              {head.directives}
            </pre>
            <ClauseBlameList workspaceSlug={slug} templateId={template.id} clauses={blame} canRevert={can(ctx.membership.role, "improver.chat")} />
            {canWrite ? <NewVersionForm workspaceSlug={slug} templateId={template.id} headDirectives={head.directives} headNumber={head.number} /> : null}
          </div>
        </Card>

        <Card>
          <CardHeader title="Compare versions" description="Word-level differences between any two versions." />
          <div className="space-y-4 p-5">
            <form method="get" className="flex flex-wrap items-end gap-3 text-sm" aria-label="Choose versions to compare">
              {(["a", "b"] as const).map((key) => (
                <label key={key} className="flex flex-col gap-1">
                  <span className="font-medium text-zinc-700">{key === "a" ? "From" : "To"}</span>
                  <select name={key} defaultValue={(key === "a" ? left : right).number} className="h-9 rounded-lg border border-zinc-300 bg-white px-2">
                    {versions.map((v) => (
                      <option key={v.id} value={v.number}>
                        v{v.number}
                        {v.id === head.id ? " (active)" : ""}
                      </option>
                    ))}
                  </select>
                </label>
              ))}
              <input type="hidden" name="window" value={days} />
              <button type="submit" className="h-9 rounded-lg border border-zinc-300 bg-white px-3 font-medium hover:bg-zinc-50">
                Compare
              </button>
            </form>
            <VersionDiff before={left.directives} after={right.directives} beforeLabel={`v${left.number}`} afterLabel={`v${right.number}`} />
          </div>
        </Card>

        <Card>
          <CardHeader title="Version history" description="Versions are never edited. Promote or roll back moves the active pointer; instances follow at their next run." />
          {probationSettings ? <ProbationSettingsForm workspaceSlug={slug} templateId={template.id} initial={probationSettings} canEdit={canWrite} /> : null}
          <ol className="divide-y divide-zinc-100">
            {versions.map((v) => (
              <li key={v.id} className="flex flex-wrap items-center justify-between gap-3 px-5 py-3 text-sm" data-testid="version-row" data-version={v.number}>
                <div className="min-w-0">
                  <div className="flex items-center gap-2">
                    <span className="font-semibold">v{v.number}</span>
                    {v.id === head.id ? <Badge tone="green">Active</Badge> : null}
                    <Badge tone={v.authoredBy === "agent" ? "brand" : "zinc"}>{author(v)}</Badge>
                    <span className="text-zinc-500">{formatDateTime(v.createdAt)}</span>
                    <span className="text-zinc-400">· {plural(v._count.runs, "run")}</span>
                  </div>
                  {v.rationale ? <p className="mt-1 text-zinc-600">{v.rationale}</p> : null}
                </div>
                <div className="flex items-center gap-2">
                  <Link className="text-sm font-medium text-brand-600 hover:underline" href={`?a=${v.parent?.number ?? Math.max(1, v.number - 1)}&b=${v.number}&window=${days}`}>
                    Changes
                  </Link>
                  {canWrite && v.id !== head.id ? (
                    <SetHeadButton workspaceSlug={slug} templateId={template.id} versionId={v.id} number={v.number} headNumber={head.number} />
                  ) : null}
                  {canWrite && v.id === head.id && v.authoredBy === "agent" && v.parent ? (
                    <SetHeadButton workspaceSlug={slug} templateId={template.id} versionId={v.parent.id} number={v.parent.number} headNumber={head.number} oneClick label={`Undo: back to v${v.parent.number}`} />
                  ) : null}
                </div>
              </li>
            ))}
          </ol>
        </Card>
      </div>
    </>
  );
}
