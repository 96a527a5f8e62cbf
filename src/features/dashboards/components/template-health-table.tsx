import { formatDistanceToNowStrict } from "date-fns";
import Link from "next/link";
import { Badge } from "@/components/ui/card";
import { DataTable, type Column } from "@/components/ui/table";
import { formatDateTime, formatPercent, formatScore, timeAgo } from "@/lib/format";
import { TemplateLink } from "@/features/templates/components/template-link";
import type { TemplateHealth } from "../server/queries";
import { trendOf } from "../window";
import { TrendArrow } from "./trend-arrow";

const kindLabel = { taskAgent: null, templateImprover: "improver", metaImprover: "meta-improver" } as const;
const pts = (d: number) => `${Math.round(d * 100)} pts`;

/** A 7-day number with its trend against the 7 days before (higher is better). */
function trendColumn(header: string, testId: string, pick: (t: TemplateHealth) => TemplateHealth["quality"], format: (v: number | null) => string, deltaFormat: (d: number) => string): Column<TemplateHealth> {
  return {
    header,
    cell: (t) => (
      <span className="inline-flex items-center gap-2">
        <span className="tabular-nums font-medium" data-testid={testId}>{format(pick(t).current)}</span>
        <TrendArrow trend={trendOf(pick(t).current, pick(t).previous, "up-good")} format={deltaFormat} />
      </span>
    ),
  };
}

/** The workspace dashboard's "each template at a glance": last 7 days vs the 7 before. */
export function TemplateHealthTable({ slug, templates }: { slug: string; templates: TemplateHealth[] }) {
  return (
    <DataTable rows={templates} rowKey={(t) => t.templateId} rowTestId="template-health-row" head="shaded" pad="dashboard" cellY="py-3"
      testId="template-health"
      caption="Template health: quality and acceptance in the last 7 days with the change from the 7 days before, pending decisions, last activity"
      columns={[
        {
          header: "Template",
          rowHeader: true,
          className: "font-normal",
          cell: (t) => (
            <>
              <TemplateLink slug={slug} id={t.templateId} name={t.name} />
              <span className="ml-2 text-xs text-zinc-500">{t.headNumber ? `v${t.headNumber}` : ""}</span>
              {kindLabel[t.kind] ? <span className="ml-2"><Badge tone="brand">{kindLabel[t.kind]}</Badge></span> : null}
            </>
          ),
        },
        trendColumn("Quality · 7 d", "health-quality", (t) => t.quality, formatScore, formatScore),
        trendColumn("Acceptance · 7 d", "health-acceptance", (t) => t.acceptance, formatPercent, pts),
        {
          header: "Pending",
          align: "right",
          className: "tabular-nums",
          cell: (t) => (t.pendingDecisions > 0 ? <Link href={`/w/${slug}/inbox`} className="font-medium text-brand-700 hover:underline">{t.pendingDecisions}</Link> : <span className="text-zinc-400">0</span>),
        },
        { header: "Last activity", className: "whitespace-nowrap text-zinc-600", cell: (t) => timeAgo(t.lastActivityAt) },
        {
          header: "Next ritual",
          className: "whitespace-nowrap text-zinc-600",
          cellProps: () => ({ "data-testid": "health-next-ritual" }),
          cell: (t) => (t.nextRitualAt ? <time dateTime={t.nextRitualAt.toISOString()} title={formatDateTime(t.nextRitualAt)}>{formatDistanceToNowStrict(t.nextRitualAt, { addSuffix: true })}</time> : <span className="text-zinc-400">paused</span>),
        },
      ]}
    />
  );
}
