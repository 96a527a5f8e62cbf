import { Badge } from "@/components/ui/card";
import { formatDate, formatPercent, formatScore } from "@/lib/format";
import type { VersionStats } from "../server/queries";

/** Per-version totals over each version's life; also the data of the chart's version markers. */
export function VersionTable({ versions, headVersionId }: { versions: VersionStats[]; headVersionId: string | null }) {
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-sm" data-testid="version-performance">
        <caption className="sr-only">Performance per template version, over each version&apos;s whole life</caption>
        <thead className="bg-zinc-50 text-left text-xs uppercase tracking-wide text-zinc-500">
          <tr>
            <th scope="col" className="px-5 py-2 font-medium">Version</th>
            <th scope="col" className="px-3 py-2 font-medium">Active since</th>
            <th scope="col" className="px-3 py-2 text-right font-medium">Runs</th>
            <th scope="col" className="px-3 py-2 text-right font-medium">Avg quality</th>
            <th scope="col" className="px-3 py-2 text-right font-medium">Acceptance</th>
            <th scope="col" className="px-5 py-2 text-right font-medium">Avg rating</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-zinc-100">
          {[...versions].reverse().map((v) => (
            <tr key={v.versionId} data-testid="version-performance-row" data-version={v.number}>
              <th scope="row" className="px-5 py-2 text-left font-semibold">
                v{v.number} {v.versionId === headVersionId ? <Badge tone="green">Active</Badge> : null}
              </th>
              <td className="px-3 py-2 text-zinc-600">{formatDate(v.createdAt)}</td>
              <td className="px-3 py-2 text-right tabular-nums">{v.runs.toLocaleString("en")}</td>
              <td className="px-3 py-2 text-right tabular-nums" data-testid="version-quality">{formatScore(v.avgQuality)}</td>
              <td className="px-3 py-2 text-right tabular-nums" data-testid="version-acceptance" title={`${v.confirmed} confirmed · ${v.rejected} rejected`}>{formatPercent(v.acceptance)}</td>
              <td className="px-5 py-2 text-right tabular-nums">{formatScore(v.avgRating)}{v.rated ? <span className="ml-1 text-xs text-zinc-400">({v.rated})</span> : null}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
