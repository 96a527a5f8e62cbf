import { Eye } from "lucide-react";
import { cn } from "@/lib/cn";

// "What the improver sees": every context section with its token count against its budget, and
// the exact text sent (truncation markers included). Server component; native <details>.

type Section = { key: string; title: string; budget: number; tokens: number; truncated: boolean; omittedTokens: number; items: number; text: string };

export function ContextPanel({ sections, totalTokens, budget, scaffoldTokens }: { sections: Section[]; totalTokens: number; budget: number; scaffoldTokens: number }) {
  return (
    <details className="group rounded-xl border border-zinc-200 bg-white shadow-xs" data-testid="context-panel">
      <summary className="flex cursor-pointer list-none items-center justify-between gap-3 px-4 py-3 text-sm font-semibold text-zinc-900 [&::-webkit-details-marker]:hidden">
        <span className="flex items-center gap-2">
          <Eye className="size-4 text-brand-600" aria-hidden /> What the improver sees
        </span>
        <span className="font-normal text-zinc-500">
          {totalTokens.toLocaleString("en")} / {budget.toLocaleString("en")} tokens
        </span>
      </summary>
      <div className="space-y-3 border-t border-zinc-100 px-4 py-3">
        <p className="text-xs text-zinc-500">
          Rebuilt on every message from the database. Each section is cut to its budget (o200k tokenizer); cuts are marked in the text. Instructions: {scaffoldTokens.toLocaleString("en")} tokens.
        </p>
        <ul className="space-y-2">
          {sections.map((s) => (
            <li key={s.key}>
              <details>
                <summary className="cursor-pointer list-none [&::-webkit-details-marker]:hidden">
                  <div className="flex items-center justify-between gap-2 text-xs">
                    <span className="font-medium text-zinc-800">{s.title.replace(/^#+\s*/, "")}</span>
                    <span className={cn("tabular-nums", s.truncated ? "text-amber-700" : "text-zinc-500")}>
                      {s.tokens}/{s.budget}
                      {s.truncated ? " · cut" : ""}
                    </span>
                  </div>
                  <div className="mt-1 h-1.5 overflow-hidden rounded-full bg-zinc-100" aria-hidden>
                    <div className={cn("h-full rounded-full", s.truncated ? "bg-amber-400" : "bg-brand-500")} style={{ width: `${Math.min(100, (s.tokens / s.budget) * 100)}%` }} />
                  </div>
                </summary>
                <pre className="mt-2 max-h-64 overflow-auto whitespace-pre-wrap rounded-lg bg-zinc-50 p-2 font-mono text-[11px] leading-relaxed text-zinc-700">{s.text}</pre>
              </details>
            </li>
          ))}
        </ul>
      </div>
    </details>
  );
}
