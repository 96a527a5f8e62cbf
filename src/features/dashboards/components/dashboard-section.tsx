import { ChevronDown } from "lucide-react";
import type { ReactNode } from "react";
import { CardTitle } from "@/components/ui/card";

/** A collapsible card (native <details open>): works without JavaScript, remembers nothing. */
export function DashboardSection({ title, description, id, children, actions }: { title: string; description?: ReactNode; id: string; children: ReactNode; actions?: ReactNode }) {
  return (
    <details open className="group rounded-xl border border-zinc-200 bg-white shadow-xs" data-testid={`dashboard-${id}`} id={id}>
      <summary className="flex cursor-pointer list-none items-start justify-between gap-4 rounded-xl px-5 py-4 hover:bg-zinc-50/60 group-open:rounded-b-none group-open:border-b group-open:border-zinc-100 [&::-webkit-details-marker]:hidden">
        <CardTitle title={title} description={description} />
        <div className="flex items-center gap-3">
          {actions}
          <ChevronDown className="mt-1 h-4 w-4 shrink-0 text-zinc-400 transition-transform group-open:rotate-180" aria-hidden />
        </div>
      </summary>
      {children}
    </details>
  );
}
