import { formatDistanceToNowStrict } from "date-fns";
import Link from "next/link";
import { Badge } from "@/components/ui/card";
import { formatDateTime, formatPercent, formatScore, timeAgo } from "@/lib/format";
import type { TemplateHealth } from "../server/queries";
import { trendOf } from "../window";
import { TrendArrow } from "./trend-arrow";

const kindLabel = { taskAgent: null, templateImprover: "improver", metaImprover: "meta-improver" } as const;
const pts = (d: number) => `${Math.round(d * 100)} pts`;

/** The workspace dashboard's "each template at a glance": last 7 days vs the 7 before. */
export function TemplateHealthTable({ slug, templates }: { slug: string; templates: TemplateHealth[] }) {
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-sm" data-testid="template-health">
        <caption className="sr-only">Template health: quality and acceptance in the last 7 days with the change from the 7 days before, pending decisions, last activity</caption>
        <thead className="bg-zinc-50 text-left text-xs uppercase tracking-wide text-zinc-500">
          <tr>
            <th scope="col" className="px-5 py-2 font-medium">Template</th>
            <th scope="col" className="px-3 py-2 font-medium">Quality · 7 d</th>
            <th scope="col" className="px-3 py-2 font-medium">Acceptance · 7 d</th>
            <th scope="col" className="px-3 py-2 text-right font-medium">Pending</th>
            <th scope="col" className="px-3 py-2 font-medium">Last activity</th>
            <th scope="col" className="px-5 py-2 font-medium">Next ritual</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-zinc-100">
          {templates.map((t) => (
            <tr key={t.templateId} data-testid="template-health-row">
              <th scope="row" className="px-5 py-3 text-left font-normal">
                <Link href={`/w/${slug}/templates/${t.templateId}`} className="font-medium text-zinc-900 hover:text-brand-700">{t.name}</Link>
                <span className="ml-2 text-xs text-zinc-500">{t.headNumber ? `v${t.headNumber}` : ""}</span>
                {kindLabel[t.kind] ? <span className="ml-2"><Badge tone="brand">{kindLabel[t.kind]}</Badge></span> : null}
              </th>
              <td className="px-3 py-3">
                <span className="inline-flex items-center gap-2">
                  <span className="tabular-nums font-medium" data-testid="health-quality">{formatScore(t.quality.current)}</span>
                  <TrendArrow trend={trendOf(t.quality.current, t.quality.previous, "up-good")} format={formatScore} />
                </span>
              </td>
              <td className="px-3 py-3">
                <span className="inline-flex items-center gap-2">
                  <span className="tabular-nums font-medium" data-testid="health-acceptance">{formatPercent(t.acceptance.current)}</span>
                  <TrendArrow trend={trendOf(t.acceptance.current, t.acceptance.previous, "up-good")} format={pts} />
                </span>
              </td>
              <td className="px-3 py-3 text-right tabular-nums">
                {t.pendingDecisions > 0 ? <Link href={`/w/${slug}/inbox`} className="font-medium text-brand-700 hover:underline">{t.pendingDecisions}</Link> : <span className="text-zinc-400">0</span>}
              </td>
              <td className="whitespace-nowrap px-3 py-3 text-zinc-600">{timeAgo(t.lastActivityAt)}</td>
              <td className="whitespace-nowrap px-5 py-3 text-zinc-600" data-testid="health-next-ritual">
                {t.nextRitualAt ? <time dateTime={t.nextRitualAt.toISOString()} title={formatDateTime(t.nextRitualAt)}>{formatDistanceToNowStrict(t.nextRitualAt, { addSuffix: true })}</time> : <span className="text-zinc-400">paused</span>}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
