import { Badge } from "@/components/ui/card";
import { DataTable } from "@/components/ui/table";
import { formatDate, formatPercent, formatScore } from "@/lib/format";
import { wilsonInterval } from "@/lib/interval";
import type { VersionStats } from "../server/queries";

/** Per-version totals over each version's life; also the data of the chart's version markers. */
export function VersionTable({ versions, headVersionId }: { versions: VersionStats[]; headVersionId: string | null }) {
  return (
    <DataTable rows={[...versions].reverse()} rowKey={(v) => v.versionId} rowTestId="version-performance-row" rowProps={(v) => ({ "data-version": v.number })} head="shaded" pad="dashboard"
      testId="version-performance" caption="Performance per template version, over each version's whole life"
      columns={[
        {
          header: "Version",
          rowHeader: true,
          className: "font-semibold",
          cell: (v) => (
            <>
              v{v.number} {v.versionId === headVersionId ? <Badge tone="green">Active</Badge> : null}
            </>
          ),
        },
        { header: "Active since", className: "text-zinc-600", cell: (v) => formatDate(v.createdAt) },
        { header: "Runs", align: "right", className: "tabular-nums", cell: (v) => v.runs.toLocaleString("en") },
        { header: "Avg quality", align: "right", className: "tabular-nums", cellProps: () => ({ "data-testid": "version-quality" }), cell: (v) => formatScore(v.avgQuality) },
        {
          header: "Acceptance",
          align: "right",
          className: "tabular-nums",
          cellProps: (v) => ({ "data-testid": "version-acceptance", title: `${v.confirmed} confirmed · ${v.rejected} rejected; in brackets the 95% interval (Wilson)` }),
          cell: (v) => {
            const ci = wilsonInterval(v.confirmed, v.confirmed + v.rejected);
            return (
              <>
                {formatPercent(v.acceptance)}
                {ci ? <span className="ml-1 text-xs text-zinc-400">({Math.round(ci.low * 100)}–{Math.round(ci.high * 100)}%)</span> : null}
              </>
            );
          },
        },
        {
          header: "Avg rating",
          align: "right",
          className: "tabular-nums",
          cell: (v) => (
            <>
              {formatScore(v.avgRating)}
              {v.rated ? <span className="ml-1 text-xs text-zinc-400">({v.rated})</span> : null}
            </>
          ),
        },
      ]}
    />
  );
}
