import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { Badge, Card, CardHeader, PageHeader } from "@/components/ui/card";
import { DataTable, type Column } from "@/components/ui/table";
import { formatDateTime, formatDuration, formatScore } from "@/lib/format";
import { RatingSlider } from "@/features/agents/components/rating-slider";
import { RunStatusBadge } from "@/features/agents/components/run-status-badge";
import { DecisionInbox } from "@/features/decisions/components/decision-inbox";
import { listOpenItems } from "@/features/decisions/server";
import { IterationChart } from "@/features/runtime/components/lazy-iteration-chart";
import { RunTimeline } from "@/features/runtime/components/run-timeline";
import { getRun, getRunTimeline } from "@/features/runtime/server";
import { RefineConfigSchema } from "@/features/templates/schemas";
import { can } from "@/features/workspaces/permissions";
import { LabelChips } from "@/features/feedback/components/label-chips";
import { chipLabels } from "@/features/feedback/labels";
import { getLabelsBySource } from "@/features/feedback/server";
import { getPageWorkspaceContext } from "@/features/workspaces/server";
import { enumWords } from "@/lib/words";
import { MarkdownText } from "@/components/markdown-text";

export const metadata: Metadata = { title: "Run" };

/**
 * What the self-refine outcome adds to the status badge, in words — nothing when the status says it
 * already (SUCCESS is "succeeded", ERROR_UNRECOVERABLE is "failed"): one badge per fact.
 */
const outcomeNote: Record<string, { tone: "amber" | "zinc"; text: string } | undefined> = {
  FAILURE_MAX_ITERATIONS: { tone: "amber", text: "below the quality threshold" },
  EVALUATION_FAILED: { tone: "amber", text: "unscored: the evaluation failed" },
};

type Iteration = NonNullable<Awaited<ReturnType<typeof getRun>>>["iterationsLog"][number];

/** One quality gate's column: its value → its credit per iteration, the evaluator's feedback as the tooltip. */
function gateColumn(name: string): Column<Iteration> {
  const gate = (it: Iteration) => it.gateScores.find((g) => g.name === name);
  return {
    header: name,
    className: "tabular-nums",
    cellProps: (it) => ({ title: gate(it)?.feedback }),
    cell: (it) => {
      const g = gate(it);
      if (!g) return "—";
      // Rows written before a gate's value was stored (older demo seeds) show what they have.
      const n = (x: unknown) => (typeof x === "number" && Number.isFinite(x) ? x.toFixed(2) : null);
      const [value, score] = [n(g.value), n(g.score)];
      return value && score ? `${value} → ${score}` : (score ?? value ?? "—");
    },
  };
}

export default async function RunPage({ params }: { params: Promise<{ slug: string; id: string; runId: string }> }) {
  const { slug, id, runId } = await params;
  const ctx = await getPageWorkspaceContext(slug);
  const run = await getRun(ctx.workspace.id, runId);
  if (!run || run.agentId !== id) notFound();
  const observationLabels = await getLabelsBySource({ workspaceId: ctx.workspace.id, sourceType: "observation", sourceIds: run.observations.map((o) => o.id) });
  const [open, timeline] = await Promise.all([listOpenItems({ workspaceId: ctx.workspace.id, wakeRunId: run.id }), getRunTimeline(ctx.workspace.id, run.id)]);
  const decided = run.items.filter((i) => i.status === "confirmed" || i.status === "rejected");
  const canRate = can(ctx.membership.role, "runs.rate");
  const config = RefineConfigSchema.safeParse(run.template.refineConfig);
  const threshold = config.success ? config.data.qualityThreshold : 0.9;
  const gateNames = [...new Set(run.iterationsLog.flatMap((it) => it.gateScores.map((g) => g.name)))];

  return (
    <>
      <PageHeader
        title={`Run of ${run.agent.displayName}`}
        description={<>Started {formatDateTime(run.startedAt)} · {enumWords("WakeReason", run.reason)} · <Link className="text-brand-700 hover:underline" href={`/w/${slug}/templates/${run.template.id}`}>{run.template.name}</Link> v{run.version.number}</>}
        actions={
          <div className="flex items-center gap-2">
            <RunStatusBadge status={run.status} />
            {run.outcome && outcomeNote[run.outcome] ? <Badge tone={outcomeNote[run.outcome]!.tone}>{outcomeNote[run.outcome]!.text}</Badge> : null}
          </div>
        }
      />
      <div className="space-y-6">
        <Card>
          <dl className="grid gap-4 p-5 text-sm sm:grid-cols-4">
            {[
              ["Quality score", formatScore(run.qualityScore)],
              ["Iterations", run.iterations ?? "—"],
              ["Duration", formatDuration(run.durationMs)],
              ["Tokens", (run.inputTokens + run.outputTokens).toLocaleString("en")],
            ].map(([k, v]) => (
              <div key={String(k)}>
                <dt className="text-xs uppercase tracking-wide text-zinc-500">{k}</dt>
                <dd className="mt-0.5 text-lg font-semibold tabular-nums">{v}</dd>
              </div>
            ))}
          </dl>
          <div className="flex flex-wrap items-center gap-3 border-t border-zinc-100 px-5 py-3 text-sm" data-testid="run-rating">
            <span className="text-xs uppercase tracking-wide text-zinc-500">Rating</span>
            {run.status === "running" ? (
              <span className="text-zinc-500">Rate it once it has finished.</span>
            ) : (
              <RatingSlider workspaceSlug={slug} runId={run.id} initial={run.userRating} readOnly={!canRate} />
            )}
          </div>
          {run.error ? (
            // A failed run's error in red; a saved run's note (the evaluator failed, the output was kept unscored) in amber.
            <p className={`border-t border-zinc-100 px-5 py-3 text-sm ${run.status === "failed" ? "text-red-700" : "text-amber-800"}`} role={run.status === "failed" ? "alert" : "status"}>
              {run.error}
              {run.status === "failed" ? null : " The output was kept; a person still decides every proposal."}
            </p>
          ) : null}
        </Card>

        {run.iterationsLog.length > 0 ? (
          <Card>
            <CardHeader title="Self-refine iterations" description={`Execute → evaluate → refine until the weighted score reaches ${threshold}.`} />
            <div className="p-5">
              <IterationChart threshold={threshold} iterations={run.iterationsLog.map((it) => ({ index: it.index, score: it.score, gates: it.gateScores.map((g) => ({ name: g.name, score: g.score })) }))} />
              <div className="mt-4">
                <DataTable rows={run.iterationsLog} rowKey={(it) => it.index} rowTestId="iteration-row" pad="compact"
                  testId="iterations-table" caption="Scores per iteration and gate"
                  columns={[
                    { header: "Iteration", cell: (it) => `#${it.index}` },
                    { header: "Score", className: "font-semibold tabular-nums", cell: (it) => it.score.toFixed(2) },
                    ...gateNames.map(gateColumn),
                  ]}
                />
              </div>
              <ol className="mt-4 space-y-2 text-sm">
                {run.iterationsLog.filter((it) => it.feedback).map((it) => (
                  <li key={it.index} className="rounded-lg bg-zinc-50 p-3">
                    <p className="text-xs font-semibold uppercase tracking-wide text-zinc-500">Feedback after iteration {it.index}</p>
                    <pre className="mt-1 whitespace-pre-wrap font-sans text-zinc-800">{it.feedback}</pre>
                  </li>
                ))}
              </ol>
            </div>
          </Card>
        ) : null}

        {timeline ? (
          <Card>
            <CardHeader title="Timeline" description={`What happened to the run, with the times that are recorded.${run.durationMs != null ? ` ${formatDuration(run.durationMs)} from start to finish.` : ""}`} />
            <div className="p-5">
              <RunTimeline steps={timeline} />
            </div>
          </Card>
        ) : null}

        <div className="grid gap-6 lg:grid-cols-2">
          <Card>
            <CardHeader title="Proposals" description={open.length ? <Link className="text-brand-600 hover:underline" href={`/w/${slug}/inbox`}>Decide in the inbox</Link> : undefined} />
            {run.items.length === 0 ? <p className="px-5 py-4 text-sm text-zinc-500">None.</p> : null}
            {open.length ? <DecisionInbox workspaceSlug={slug} items={open} canDecide={can(ctx.membership.role, "decisions.decide")} bulk={false} empty={null} /> : null}
            {decided.length ? (
              <ul className={`divide-y divide-zinc-100 text-sm ${open.length ? "border-t border-zinc-100" : ""}`} aria-label="Decided proposals">
                {decided.map((i) => (
                  <li key={i.id} className="flex items-center gap-2 px-5 py-2.5" data-testid="decided-item">
                    <Badge tone={i.status === "confirmed" ? "green" : "red"}>{enumWords("ChangeItemStatus", i.status)}</Badge>
                    {i.summary}
                  </li>
                ))}
              </ul>
            ) : null}
          </Card>
          <Card>
            <CardHeader title="Report and observations" />
            <div className="space-y-3 p-5 text-sm" data-testid="run-report">
              {run.reports.map((r) => (
                <MarkdownText key={r.id} text={r.markdown} />
              ))}
              {run.observations.map((o) => (
                <div key={o.id} className="rounded-lg bg-amber-50 px-3 py-2 text-amber-900">
                  <p>{o.text}</p>
                  {observationLabels.get(o.id) ? (
                    <div className="mt-1.5">
                      <LabelChips workspaceSlug={slug} item={chipLabels(observationLabels.get(o.id)!)} canEdit={can(ctx.membership.role, "feedback.label")} context="this observation" />
                    </div>
                  ) : null}
                </div>
              ))}
              {run.reports.length + run.observations.length === 0 ? <p className="text-zinc-500">None.</p> : null}
            </div>
          </Card>
        </div>
      </div>
    </>
  );
}
