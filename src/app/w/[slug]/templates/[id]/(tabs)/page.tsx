import type { Metadata } from "next";
import { Suspense } from "react";
import { Card, CardHeader } from "@/components/ui/card";
import { formatDateTime, plural } from "@/lib/format";
import { DashboardSection } from "@/features/dashboards/components/dashboard-section";
import { MetricCards } from "@/features/dashboards/components/metric-cards";
import { WindowBar } from "@/features/dashboards/components/window-bar";
import { WhatPeopleAcceptCard } from "@/features/decision-model/components/what-people-accept";
import { getWhatPeopleAccept } from "@/features/decision-model/server";
import { getTemplateMetrics, getTemplateMttr } from "@/features/dashboards/server";
import { parseWindow } from "@/features/dashboards/window";
import { ClauseBlameList } from "@/features/one-on-one/components/clause-blame-list";
import { getClauseBlame, listPreferenceConflicts } from "@/features/one-on-one/server";
import { PreferenceConflicts } from "@/features/one-on-one/components/preference-conflicts";
import { ProbationPanel } from "@/features/probation/components/probation-panel";
import { getTemplateProbation } from "@/features/probation/server";
import { RitualPanel } from "@/features/rituals/components/ritual-panel";
import { getTemplateRitualPanel } from "@/features/rituals/server";
import { authorOf } from "@/features/templates/components/version-author";
import { NewVersionForm } from "@/features/templates/components/new-version-form";
import { can } from "@/features/workspaces/permissions";
import { readThrough, type CacheScope } from "@/server/read-cache";
import { loadTemplate } from "./data";

export const metadata: Metadata = { title: "Template" };

/** Overview: what needs a person (ritual, conflicts, probation), the health numbers, the active directives. */
export default async function TemplateOverviewPage({ params, searchParams }: { params: Promise<{ slug: string; id: string }>; searchParams: Promise<Record<string, string | undefined>> }) {
  const { slug, id } = await params;
  const { ctx, template, head } = await loadTemplate(slug, id);
  const canWrite = can(ctx.membership.role, "templates.write");
  const query = await searchParams;
  const days = parseWindow(query.window);
  const workspaceId = ctx.workspace.id;
  const now = new Date();
  // What needs a person comes first and is awaited; the health numbers and the line history (the
  // costliest reads) stream in behind it, so the first bytes never wait for them.
  const [ritual, probation, conflicts] = await Promise.all([
    getTemplateRitualPanel(workspaceId, template.id, now),
    getTemplateProbation(workspaceId, template.id, now),
    listPreferenceConflicts({ workspaceId, templateId: template.id }),
  ]);

  return (
    <div className="space-y-6">
      {ritual ? (
        <RitualPanel
          slug={slug}
          templateId={template.id}
          panel={ritual}
          canRun={can(ctx.membership.role, "rituals.run")}
          canManage={can(ctx.membership.role, "rituals.manage")}
        />
      ) : null}

      <PreferenceConflicts workspaceSlug={slug} conflicts={conflicts} canSettle={can(ctx.membership.role, "proposals.decide")} />

      {probation ? <ProbationPanel slug={slug} probation={probation} canWrite={canWrite} /> : null}

      <WindowBar days={days} params={query} />
      <DashboardSection id="performance" title="Health" description={`Runs, proposals and resolved tasks of the last ${plural(days, "day")}. Arrows compare with the ${plural(days, "day")} before.`}>
        <Suspense fallback={<Pending label="Loading the health numbers…" className="m-5 h-40" />}>
          <Health scope={ctx.workspace} templateId={template.id} days={days} now={now} />
        </Suspense>
      </DashboardSection>

      <Suspense fallback={<Pending label="Loading what people accept…" className="h-24" />}>
        <Accepted workspaceId={workspaceId} slug={slug} templateId={template.id} canRefit={can(ctx.membership.role, "feedback.classify")} />
      </Suspense>

      <Card>
        <CardHeader title={`Active directives · v${head.number}`} description={`${authorOf(head)}, ${formatDateTime(head.createdAt)}${head.rationale ? ` — ${head.rationale}` : ""}`} />
        <div className="space-y-4 p-5">
          <pre className="max-h-96 overflow-auto whitespace-pre-wrap rounded-lg bg-zinc-50 p-4 font-mono text-[13px] leading-relaxed text-zinc-800" data-testid="active-directives">
            {head.directives}
          </pre>
          <Suspense fallback={<Pending label="Loading where each line came from…" className="h-11" />}>
            <LineHistory scope={ctx.workspace} slug={slug} templateId={template.id} headId={head.id} canRevert={can(ctx.membership.role, "improver.chat")} />
          </Suspense>
          {canWrite ? <NewVersionForm workspaceSlug={slug} templateId={template.id} headDirectives={head.directives} headNumber={head.number} /> : null}
        </div>
      </Card>
    </div>
  );
}

async function Health({ scope, templateId, days, now }: { scope: CacheScope; templateId: string; days: number; now: Date }) {
  const workspaceId = scope.id;
  const [metrics, mttr] = await readThrough(scope, `template-health:${templateId}:${days}`, () =>
    Promise.all([getTemplateMetrics({ workspaceId, templateId, days, now }), getTemplateMttr({ workspaceId, templateId, days, now })]),
  );
  return <MetricCards metrics={metrics} mttr={mttr} />;
}

async function Accepted({ workspaceId, slug, templateId, canRefit }: { workspaceId: string; slug: string; templateId: string; canRefit: boolean }) {
  const view = await getWhatPeopleAccept({ workspaceId, templateId });
  return <WhatPeopleAcceptCard view={view} slug={slug} templateId={templateId} canRefit={canRefit} />;
}

/** Keyed by the head too: a new version shows its own lines at once, however it was made. */
async function LineHistory({ scope, slug, templateId, headId, canRevert }: { scope: CacheScope; slug: string; templateId: string; headId: string; canRevert: boolean }) {
  const clauses = await readThrough(scope, `clause-blame:${templateId}:${headId}`, () => getClauseBlame(scope.id, templateId));
  return <ClauseBlameList workspaceSlug={slug} templateId={templateId} clauses={clauses} canRevert={canRevert} />;
}

/** The room a streamed section will take, with what it is waiting for. */
function Pending({ label, className }: { label: string; className: string }) {
  return (
    <div className={`${className} flex items-center justify-center rounded-lg bg-zinc-50 text-xs text-zinc-400`} role="status">
      {label}
    </div>
  );
}
