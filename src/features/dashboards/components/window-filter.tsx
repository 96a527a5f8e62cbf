import Link from "next/link";
import { cn } from "@/lib/cn";
import { WINDOWS, type WindowDays } from "../window";

/** 7 / 30 / 90 days as plain links (`?window=30`), keeping the page's other search params. */
export function WindowFilter({ current, params }: { current: WindowDays; params: Record<string, string | undefined> }) {
  const href = (days: number) => {
    const q = new URLSearchParams(Object.entries(params).filter((e): e is [string, string] => e[1] != null && e[0] !== "window"));
    q.set("window", String(days));
    return `?${q.toString()}`;
  };
  return (
    <nav aria-label="Time window" className="inline-flex rounded-lg border border-zinc-300 bg-white p-0.5 text-sm">
      {WINDOWS.map((d) => (
        <Link
          key={d}
          href={href(d)}
          scroll={false}
          aria-current={d === current ? "page" : undefined}
          className={cn("rounded-md px-3 py-1 font-medium", d === current ? "bg-zinc-900 text-white" : "text-zinc-600 hover:bg-zinc-100")}
        >
          {d} days
        </Link>
      ))}
    </nav>
  );
}
