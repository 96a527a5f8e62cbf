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
