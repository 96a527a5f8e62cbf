import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { Badge, Card, CardHeader, CardList, PageHeader } from "@/components/ui/card";
import { DateRangeFields, FilterActions, FilterSelect, isoDay } from "@/components/ui/filter";
import { Pagination } from "@/components/ui/pagination";
import { DataTable } from "@/components/ui/table";
import { formatCount } from "@/lib/capped-count";
import { formatDateTime, formatDuration, formatScore, timeAgo } from "@/lib/format";
import { RatingSlider } from "@/features/agents/components/rating-slider";
import { RunStatusBadge } from "@/features/agents/components/run-status-badge";
import { RUNS_PAGE_SIZE, RunListParams } from "@/features/agents/schemas";
import { getAgent, listAgentMessages, listRunsPage } from "@/features/agents/server";
import { listDecisionsForAgent } from "@/features/decisions/server";
import { LiveRunStatus } from "@/features/runtime/components/live-run-status";
import { RunNowButton } from "@/features/runtime/components/run-now-button";
import { findLiveStatus } from "@/features/runtime/server";
import { can } from "@/features/workspaces/permissions";
import { LabelChips } from "@/features/feedback/components/label-chips";
import { chipLabels } from "@/features/feedback/labels";
import { getLabelsBySource } from "@/features/feedback/server";
import { getPageWorkspaceContext } from "@/features/workspaces/server";
import { enumWords } from "@/lib/words";
import { MarkdownText } from "@/components/markdown-text";

export const metadata: Metadata = { title: "Agent" };

const verdictTone = { confirmed: "green", rejected: "red", deferred: "amber" } as const;

const DAY = 86_400_000;
/**
 * The newest observations and reports shown here; the rest are one click away in Search, filtered
 * to this agent. Each observation carries its label controls, so 30 of them made this the heaviest
 * page to serve (bench/README.md, "2026-11-29, evening").
 */
const SHOWN = { observations: 10, reports: 5 };
const RUN_STATUSES = [["succeeded", "succeeded"], ["failed", "failed"], ["running", "running"]] as const;

export default async function AgentPage({ params, searchParams }: { params: Promise<{ slug: string; id: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const { slug, id } = await params;
  const ctx = await getPageWorkspaceContext(slug);
  const query = RunListParams.parse(await searchParams);
  // The live status before the data a run changes (findLiveStatus says why).
  const live = await findLiveStatus(ctx.workspace.id, id);
  if (!live) notFound();
  const [agent, runPage, { observations, moreObservations, reports, moreReports }, decisions] = await Promise.all([
    getAgent(ctx.workspace.id, id),
    listRunsPage({
      workspaceId: ctx.workspace.id, agentId: id, status: query.status, from: query.from, to: query.to ? new Date(query.to.getTime() + DAY) : undefined,
      limit: RUNS_PAGE_SIZE, after: query.after, before: query.after ? undefined : query.before,
    }),
    listAgentMessages(ctx.workspace.id, id, SHOWN),
    listDecisionsForAgent(ctx.workspace.id, id, 20),
  ]);
  if (!agent) notFound();
  const observationLabels = await getLabelsBySource({ workspaceId: ctx.workspace.id, sourceType: "observation", sourceIds: observations.map((o) => o.id) });
  const canLabel = can(ctx.membership.role, "feedback.label");
  const runs = runPage.runs;
  const runsFiltered = Boolean(query.status || query.from || query.to);
  // Every link keeps the filters; only the cursor changes.
  const runsHref = (cursor: { after?: string; before?: string } = {}) => {
    const p = new URLSearchParams();
    if (query.status) p.set("status", query.status);
    if (query.from) p.set("from", isoDay(query.from));
    if (query.to) p.set("to", isoDay(query.to));
    if (cursor.after) p.set("after", cursor.after);
    if (cursor.before) p.set("before", cursor.before);
    return `/w/${slug}/agents/${id}?${p}#runs`;
  };
  const { offset, total } = runPage;
  const runsRange = total.value === 0
    ? "No runs"
    : offset.capped
      ? `${runs.length} more past the first ${formatCount(offset)} of ${formatCount(total)}`
      : `${(offset.value + 1).toLocaleString("en")}–${(offset.value + runs.length).toLocaleString("en")} of ${formatCount(total)}`;
  const canRate = can(ctx.membership.role, "runs.rate");
  const state = agent.state;
  const facts: [string, React.ReactNode][] = [
    ["Template", <Link key="t" href={`/w/${slug}/templates/${agent.template.id}`} className="text-brand-700 hover:underline">{agent.template.name} (active v{agent.template.head?.number})</Link>],
    ["Task", agent.task ? <Link key="k" href={`/w/${slug}/tasks/${agent.task.id}`} className="text-brand-700 hover:underline">{agent.task.title}</Link> : "—"],
    ["Lifecycle", agent.lifecycle],
    ["Last wake", timeAgo(state?.lastWakeAt)],
    ["Wakes", state?.wakeCounter ?? 0],
    ["Consecutive failures", state?.consecutiveFailureCount ?? 0],
    ["Next scheduled wake", state?.scheduledWakeAt ? formatDateTime(state.scheduledWakeAt) : "—"],
    ["State revision", state?.revision ?? 0],
  ];

  return (
    <>
      <PageHeader
        title={agent.displayName}
        description={`Created ${formatDateTime(agent.createdAt)}${agent.externalId ? ` · external id ${agent.externalId}` : ""}`}
        actions={
          <div className="flex items-center gap-3">
            <LiveRunStatus workspaceSlug={slug} agentId={agent.id} initial={live} />
            {agent.template.runsExternally ? <span className="text-sm text-zinc-500">Runs in your own code</span> : can(ctx.membership.role, "agents.write") && agent.task ? <RunNowButton workspaceSlug={slug} agentId={agent.id} /> : null}
          </div>
        }
      />
      <div className="space-y-6">
        <Card>
          <CardHeader title="State" />
          <dl className="grid gap-x-8 gap-y-3 p-5 text-sm sm:grid-cols-2 lg:grid-cols-4">
            {facts.map(([k, v]) => (
              <div key={k}>
                <dt className="text-xs uppercase tracking-wide text-zinc-500">{k}</dt>
                <dd className="mt-0.5 font-medium text-zinc-800">{v}</dd>
              </div>
            ))}
          </dl>
        </Card>

        <section id="runs" className="scroll-mt-4">
          <Card>
            <CardHeader title="Runs" description="Each run records the template version it used. Rate runs: it is feedback the improver reads." />
            <form method="get" action={`/w/${slug}/agents/${id}#runs`} aria-label="Filter runs" className="flex flex-wrap items-end gap-3 border-b border-zinc-100 px-5 py-3 text-sm">
              <FilterSelect label="Status" name="status" defaultValue={query.status ?? ""} all="Any status" options={RUN_STATUSES} />
              <DateRangeFields from={query.from} to={query.to} />
              <FilterActions resetHref={runsFiltered ? `/w/${slug}/agents/${id}#runs` : null} />
            </form>
            {runs.length === 0 ? (
              <p className="px-5 py-6 text-sm text-zinc-500">{runsFiltered ? "No runs match: change the status or the dates." : "No runs yet."}</p>
            ) : (
              <>
                <Pagination
                  from={offset.value + 1} to={offset.value + runs.length} total={total.value} noun="runs" rangeText={runsRange}
                  prevHref={runPage.prevCursor ? (!offset.capped && offset.value - RUNS_PAGE_SIZE <= 0 ? runsHref() : runsHref({ before: runPage.prevCursor })) : null}
                  nextHref={runPage.nextCursor ? runsHref({ after: runPage.nextCursor }) : null}
                />
                <DataTable rows={runs} rowKey={(r) => r.id} rowTestId="run-row" pad="compact"
                  columns={[
                    {
                      header: "Started",
                      className: "whitespace-nowrap",
                      cell: (r) => (
                        <Link href={`/w/${slug}/agents/${agent.id}/runs/${r.id}`} className="text-brand-700 hover:underline">
                          {formatDateTime(r.startedAt)}
                        </Link>
                      ),
                    },
                    { header: "Reason", cell: (r) => r.reason },
                    { header: "Version", cell: (r) => `v${r.version.number}` },
                    { header: "Status", cell: (r) => <RunStatusBadge status={r.status} /> },
                    { header: "Duration", className: "tabular-nums", cell: (r) => formatDuration(r.durationMs) },
                    { header: "Tokens", className: "tabular-nums", cell: (r) => (r.inputTokens + r.outputTokens).toLocaleString("en") },
                    { header: "Quality", className: "tabular-nums", cell: (r) => formatScore(r.qualityScore) },
                    {
                      header: "Your rating",
                      cell: (r) => (r.status === "running" ? "—" : <RatingSlider workspaceSlug={slug} runId={r.id} initial={r.userRating} readOnly={!canRate} />),
                    },
                  ]}
                />
              </>
            )}
          </Card>
        </section>

        <div className="grid gap-6 lg:grid-cols-2">
          <Card>
            <CardHeader
              title="Observations"
              description={moreObservations ? `The newest ${SHOWN.observations}` : "Newest first"}
              actions={moreObservations ? <Link href={`/w/${slug}/search?kind=observation&agentId=${agent.id}`} className="text-sm text-brand-700 hover:underline">All in Search</Link> : null}
            />
            <CardList items={observations} empty="None yet." className="max-h-[28rem] overflow-auto">
              {(o) => (
                <li key={o.id} className="px-5 py-3 text-sm">
                  <p className="text-zinc-800">{o.text}</p>
                  <div className="mt-1 flex flex-wrap items-center gap-2 text-xs text-zinc-500">
                    <span>{formatDateTime(o.createdAt)}</span>
                    {observationLabels.get(o.id) ? <LabelChips workspaceSlug={slug} item={chipLabels(observationLabels.get(o.id)!)} canEdit={canLabel} context="this observation" /> : null}
                  </div>
                </li>
              )}
            </CardList>
          </Card>
          <Card>
            <CardHeader
              title="Reports"
              description={moreReports ? `The newest ${SHOWN.reports}` : undefined}
              actions={moreReports ? <Link href={`/w/${slug}/search?kind=report&agentId=${agent.id}`} className="text-sm text-brand-700 hover:underline">All in Search</Link> : null}
            />
            <CardList items={reports} empty="None yet." className="max-h-[28rem] overflow-auto">
              {(r) => (
                <li key={r.id} className="px-5 py-3 text-sm">
                  <div className="mb-1 flex items-center gap-2 text-xs text-zinc-500">
                    <Badge>{r.scope}</Badge>
                    {r.confidence != null ? <span>confidence {formatScore(r.confidence)}</span> : null}
                    <span>{formatDateTime(r.createdAt)}</span>
                  </div>
                  <MarkdownText text={r.markdown} />
                </li>
              )}
            </CardList>
          </Card>
        </div>

        <Card>
          <CardHeader title="Decisions on its proposals" />
          <CardList items={decisions} empty="No decisions yet.">
            {(d) => (
              <li key={d.id} className="flex flex-wrap items-center gap-2 px-5 py-3 text-sm">
                <Badge tone={verdictTone[d.verdict]}>{enumWords("Verdict", d.verdict)}</Badge>
                <span className="text-zinc-800">{d.item.summary}</span>
                {d.reason ? <span className="text-zinc-500">— “{d.reason}”</span> : null}
                <span className="ml-auto text-xs text-zinc-500">
                  {d.decidedBy?.name ?? d.decidedBy?.email ?? "API"}, {formatDateTime(d.decidedAt)}
                </span>
              </li>
            )}
          </CardList>
        </Card>
      </div>
    </>
  );
}
