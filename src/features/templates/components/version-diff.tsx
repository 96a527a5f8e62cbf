import { diffWordsWithSpace } from "diff";

// Side-by-side, word-level diff of two directive texts (the `diff` library, Myers' algorithm):
// left shows what the older version had (removals struck through), right what the newer has
// (additions highlighted). Both columns keep the original line breaks.

export function VersionDiff({ before, after, beforeLabel, afterLabel }: { before: string; after: string; beforeLabel: string; afterLabel: string }) {
  const parts = diffWordsWithSpace(before, after);
  const added = parts.filter((p) => p.added).reduce((n, p) => n + p.count, 0);
  const removed = parts.filter((p) => p.removed).reduce((n, p) => n + p.count, 0);
  return (
    <div>
      <p className="mb-3 text-sm text-zinc-600" data-testid="diff-summary">
        <span className="font-medium text-emerald-700">+{added}</span> / <span className="font-medium text-red-700">−{removed}</span> words
        {added + removed === 0 ? " — identical" : null}
      </p>
      <div className="grid gap-4 md:grid-cols-2">
        {([
          [beforeLabel, "before"],
          [afterLabel, "after"],
        ] as const).map(([label, side]) => (
          <div key={side} className="min-w-0 rounded-lg border border-zinc-200 bg-zinc-50" data-testid={`diff-${side}`}>
            <div className="border-b border-zinc-200 px-4 py-2 text-xs font-semibold uppercase tracking-wide text-zinc-500">{label}</div>
            <pre className="whitespace-pre-wrap break-words p-4 font-mono text-[13px] leading-relaxed text-zinc-800">
              {parts.map((p, i) => {
                if (side === "before" && p.added) return null;
                if (side === "after" && p.removed) return null;
                if (p.removed) return <del key={i} className="rounded-sm bg-red-100 text-red-800 decoration-red-400">{p.value}</del>;
                if (p.added) return <ins key={i} className="rounded-sm bg-emerald-100 text-emerald-800 no-underline">{p.value}</ins>;
                return <span key={i}>{p.value}</span>;
              })}
            </pre>
          </div>
        ))}
      </div>
    </div>
  );
}
