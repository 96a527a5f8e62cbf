"use client";
import Link from "next/link";
import { usePathname, useSearchParams } from "next/navigation";
import { cn } from "@/lib/cn";

const TABS = [
  ["", "Overview"],
  ["/versions", "Versions"],
  ["/performance", "Performance"],
  ["/feedback", "Feedback"],
  ["/instances", "Instances"],
] as const;

/** The template page's sections, each a URL of its own; the dashboard window (?window=) carries over. */
export function TemplateTabs({ base }: { base: string }) {
  const pathname = usePathname();
  const window = useSearchParams().get("window");
  const query = window ? `?window=${encodeURIComponent(window)}` : "";
  return (
    <nav aria-label="Template sections" className="-mt-2 mb-6 flex gap-1 overflow-x-auto border-b border-zinc-200 text-sm">
      {TABS.map(([path, label]) => {
        const href = `${base}${path}`;
        const current = pathname === href;
        return (
          <Link
            key={label}
            href={`${href}${query}`}
            aria-current={current ? "page" : undefined}
            className={cn("-mb-px whitespace-nowrap border-b-2 px-3 py-2 font-medium", current ? "border-brand-600 text-brand-700" : "border-transparent text-zinc-500 hover:border-zinc-300 hover:text-zinc-800")}
          >
            {label}
          </Link>
        );
      })}
    </nav>
  );
}
