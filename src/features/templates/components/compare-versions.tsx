"use client";
import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { useState, useTransition } from "react";

type Option = { number: number; active: boolean };

/**
 * Picks the two versions to compare. Changing either updates the address (?a=&b=) in place: the
 * page keeps its scroll position and only the diff below changes. Without JavaScript the button
 * submits the same query. The choice is held here until the page catches up, so changing both
 * selects quickly compares what was chosen, not the first choice with the old other side.
 */
export function CompareVersions({ versions, from, to }: { versions: Option[]; from: number; to: number }) {
  const router = useRouter();
  const pathname = usePathname();
  const params = useSearchParams();
  const [pending, startTransition] = useTransition();
  const [pair, setPair] = useState({ a: from, b: to });
  const [shown, setShown] = useState({ from, to });
  if (shown.from !== from || shown.to !== to) {
    // The page now shows another pair (this choice arrived, or back/forward): follow it.
    setShown({ from, to });
    setPair({ a: from, b: to });
  }
  const choose = (key: "a" | "b", value: string) => {
    const next = { ...pair, [key]: Number(value) };
    setPair(next);
    const q = new URLSearchParams(params.toString());
    q.set("a", String(next.a));
    q.set("b", String(next.b));
    startTransition(() => router.replace(`${pathname}?${q.toString()}`, { scroll: false }));
  };
  return (
    <form method="get" className="flex flex-wrap items-end gap-3 text-sm" aria-label="Choose versions to compare" aria-busy={pending}>
      {(["a", "b"] as const).map((key) => (
        <label key={key} className="flex flex-col gap-1">
          <span className="font-medium text-zinc-700">{key === "a" ? "From" : "To"}</span>
          <select name={key} aria-label={key === "a" ? "From version" : "To version"} value={pair[key]} onChange={(e) => choose(key, e.target.value)} className="h-9 rounded-lg border border-zinc-300 bg-white px-2">
            {versions.map((v) => (
              <option key={v.number} value={v.number}>
                v{v.number}
                {v.active ? " (active)" : ""}
              </option>
            ))}
          </select>
        </label>
      ))}
      <noscript>
        <button type="submit" className="h-9 rounded-lg border border-zinc-300 bg-white px-3 font-medium hover:bg-zinc-50">
          Compare
        </button>
      </noscript>
      {pending ? <span className="pb-2 text-xs text-zinc-400">Comparing…</span> : null}
    </form>
  );
}
