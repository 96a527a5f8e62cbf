import Link from "next/link";
import type { ReactNode } from "react";
import { cn } from "@/lib/cn";

// The controls of a filter bar: a GET form whose fields become the page's search params.

export const filterControl = "h-9 rounded-lg border border-zinc-300 bg-white px-2";

/** A label above its control. */
export function FilterField({ label, className, children }: { label: string; className?: string; children: ReactNode }) {
  return (
    <label className={cn("flex flex-col gap-1", className)}>
      <span className="font-medium text-zinc-700">{label}</span>
      {children}
    </label>
  );
}

/** A labelled select; `all` is the first choice, the empty value (no filter). */
export function FilterSelect({ label, name, defaultValue, all, options, className, selectClassName }: {
  label: string;
  name: string;
  defaultValue: string | number;
  all?: string;
  options: readonly (readonly [value: string | number, text: ReactNode])[];
  className?: string;
  selectClassName?: string;
}) {
  return (
    <FilterField label={label} className={className}>
      <select name={name} defaultValue={defaultValue} className={cn(filterControl, selectClassName)}>
        {all ? <option value="">{all}</option> : null}
        {options.map(([value, text]) => (
          <option key={value} value={value}>
            {text}
          </option>
        ))}
      </select>
    </FilterField>
  );
}

/** A date filter's value: the UTC day ("2026-11-24"), empty when unset. */
export const isoDay = (d: Date | undefined) => d?.toISOString().slice(0, 10) ?? "";

/** "From" and "To" days (`from`, `to` in the URL; the dates' UTC days, empty when unset). */
export function DateRangeFields({ from, to, className }: { from?: Date; to?: Date; className?: string }) {
  return (
    <>
      <FilterField label="From" className={className}>
        <input type="date" name="from" defaultValue={isoDay(from)} className={filterControl} />
      </FilterField>
      <FilterField label="To" className={className}>
        <input type="date" name="to" defaultValue={isoDay(to)} className={filterControl} />
      </FilterField>
    </>
  );
}

/** The bar's submit button, and "Reset" (to `resetHref`) while a filter is on. */
export function FilterActions({ label = "Apply", resetHref }: { label?: string; resetHref?: string | null }) {
  return (
    <>
      <button type="submit" className="h-9 rounded-lg bg-brand-600 px-4 font-medium text-white hover:bg-brand-700">
        {label}
      </button>
      {resetHref ? (
        <Link href={resetHref} className="h-9 px-2 leading-9 text-brand-700 hover:underline">
          Reset
        </Link>
      ) : null}
    </>
  );
}
