import Link from "next/link";
import { cn } from "@/lib/cn";

// The pager under a long list: where the page sits in the whole ("51–100 of 1,000") and links to
// the previous and next pages (keyset cursors or page numbers: the caller builds the hrefs).

const link = "rounded-lg border border-zinc-200 bg-white px-3 py-1.5 font-medium text-zinc-700 hover:bg-zinc-50";
const off = "rounded-lg border border-zinc-100 px-3 py-1.5 text-zinc-300";

/** `rangeText` replaces the "51–100 of 1,000" text (a capped count: "51–100 of 1,000+"). */
export function Pagination({ from, to, total, noun, prevHref, nextHref, className, rangeText }: { from: number; to: number; total: number; noun: string; prevHref: string | null; nextHref: string | null; className?: string; rangeText?: string }) {
  return (
    <nav aria-label="Pages" className={cn("flex flex-wrap items-center justify-between gap-3 px-5 py-3 text-sm", className)}>
      <p className="text-zinc-600" data-testid="page-range">
        {rangeText ?? (total === 0 ? `No ${noun}` : `${from.toLocaleString("en")}–${to.toLocaleString("en")} of ${total.toLocaleString("en")}`)}
      </p>
      <div className="flex gap-2">
        {prevHref ? <Link href={prevHref} rel="prev" className={link}>← Previous</Link> : <span className={off} aria-disabled="true">← Previous</span>}
        {nextHref ? <Link href={nextHref} rel="next" className={link}>Next →</Link> : <span className={off} aria-disabled="true">Next →</span>}
      </div>
    </nav>
  );
}
