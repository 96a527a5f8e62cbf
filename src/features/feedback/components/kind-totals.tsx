import { KIND_LABELS, SOURCE_KINDS, sourceKind, sourceLabel, type KindTotals as Totals, type SourceCounts, type SourceKind } from "../source-kind";

const count = (n: number) => n.toLocaleString("en");
const sumOf = (s: SourceCounts) => s.positive + s.negative + s.neutral;

/**
 * A summary's items per kind: "What people wrote" and "Signals", each with its negative / positive /
 * neutral counts and, for signals, which sources in plain words ("Decision 12 · Run rating 4").
 * Nothing for a summary stored before it had per-kind counts.
 */
export function KindTotals({ byKind, bySource, testId }: { byKind: Record<SourceKind, Totals> | undefined; bySource: SourceCounts[] | undefined; testId: string }) {
  if (!byKind) return null;
  return (
    <dl className="grid grid-cols-[auto_1fr] items-baseline gap-x-4 gap-y-1.5 text-sm" aria-label="Feedback by kind" data-testid={testId}>
      {SOURCE_KINDS.map((kind) => {
        const t = byKind[kind];
        const sources = (bySource ?? []).filter((s) => sourceKind(s.sourceType) === kind && sumOf(s) > 0);
        return (
          <div key={kind} className="contents" data-testid={`${testId}-${kind}`}>
            <dt className="text-zinc-600">{KIND_LABELS[kind]}</dt>
            <dd className="text-zinc-500">
              <span className="font-semibold tabular-nums text-zinc-900">{count(t.items)}</span>
              {t.items > 0 ? (
                <span className="ml-2 text-xs tabular-nums">
                  <span className="text-red-700">{count(t.negative)} negative</span> · <span className="text-emerald-700">{count(t.positive)} positive</span> · {count(t.neutral)} neutral
                </span>
              ) : null}
              {sources.length ? (
                <span className="block text-xs">{sources.map((s) => `${sourceLabel(s.sourceType) ?? "Other"} ${count(sumOf(s))}`).join(" · ")}</span>
              ) : null}
            </dd>
          </div>
        );
      })}
    </dl>
  );
}
