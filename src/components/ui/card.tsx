import type { ReactNode } from "react";
import { cn } from "@/lib/cn";

export function Card({ className, children }: { className?: string; children: ReactNode }) {
  return <section className={cn("rounded-xl border border-zinc-200 bg-white shadow-xs", className)}>{children}</section>;
}

/** A card's title and its one-line description (also the summary of a collapsible card). */
export function CardTitle({ title, description }: { title: string; description?: ReactNode }) {
  // Grows beside a header's actions, and lets them wrap below it when both do not fit (a phone).
  return (
    <div className="min-w-0 flex-1 basis-64">
      <h2 className="text-base font-semibold text-zinc-900">{title}</h2>
      {description ? <p className="mt-0.5 text-sm text-zinc-500">{description}</p> : null}
    </div>
  );
}

export function CardHeader({ title, description, actions }: { title: string; description?: ReactNode; actions?: ReactNode }) {
  return (
    <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-3 border-b border-zinc-100 px-5 py-4">
      <CardTitle title={title} description={description} />
      {actions}
    </div>
  );
}

export function PageHeader({ title, description, actions }: { title: string; description?: ReactNode; actions?: ReactNode }) {
  return (
    <div className="mb-6 flex flex-wrap items-end justify-between gap-4">
      <div>
        <h1 className="text-2xl font-semibold tracking-tight text-zinc-900">{title}</h1>
        {description ? <p className="mt-1 text-sm text-zinc-500">{description}</p> : null}
      </div>
      {actions}
    </div>
  );
}

/** A card's list: one row per item, or a line saying there is none. */
export function CardList<T>({ items, empty, className, children }: { items: readonly T[]; empty: string; className?: string; children: (item: T) => ReactNode }) {
  return (
    <ul className={cn("divide-y divide-zinc-100", className)}>
      {items.length === 0 ? <li className="px-5 py-6 text-sm text-zinc-500">{empty}</li> : null}
      {items.map(children)}
    </ul>
  );
}

export function Badge({ tone = "zinc", children }: { tone?: "zinc" | "brand" | "green" | "amber" | "red"; children: ReactNode }) {
  const tones = {
    zinc: "bg-zinc-100 text-zinc-700",
    brand: "bg-brand-50 text-brand-700",
    green: "bg-emerald-50 text-emerald-700",
    amber: "bg-amber-50 text-amber-800",
    red: "bg-red-50 text-red-700",
  };
  return <span className={cn("inline-flex items-center whitespace-nowrap rounded-md px-2 py-0.5 text-xs font-medium", tones[tone])}>{children}</span>;
}

export function Notice({ tone = "info", children }: { tone?: "info" | "error" | "success"; children: ReactNode }) {
  const tones = {
    info: "border-brand-100 bg-brand-50 text-brand-700",
    error: "border-red-200 bg-red-50 text-red-700",
    success: "border-emerald-200 bg-emerald-50 text-emerald-800",
  };
  return (
    <div role={tone === "error" ? "alert" : "status"} className={cn("rounded-lg border px-4 py-3 text-sm", tones[tone])}>
      {children}
    </div>
  );
}
