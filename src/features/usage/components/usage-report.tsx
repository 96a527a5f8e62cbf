import type { ReactNode } from "react";
import { Card, CardHeader } from "@/components/ui/card";
import { DataTable, type Column } from "@/components/ui/table";
import type { ModelRole } from "@/ai/models";
import type { WorkspaceUsage } from "../server/queries";

const ROLE_LABEL: Record<ModelRole, string> = {
  task: "Task agent (execute)",
  evaluator: "Evaluator (quality gates, replay judge)",
  refiner: "Refiner",
  classifier: "Feedback classifier",
  improver: "Improver (rituals, one-on-ones)",
};

const tokens = (n: number) => n.toLocaleString("en");

/** "$0.0123", "$12.40"; "—" when nothing in it has a price; "≥ $1.20" when part of it has none. */
export function formatCost(cost: number, unpricedTokens: number, tokensInGroup: number): string {
  if (tokensInGroup > 0 && unpricedTokens === tokensInGroup) return "—";
  const dollars = cost < 1 ? `$${cost.toFixed(4)}` : `$${cost.toFixed(2)}`;
  return unpricedTokens > 0 ? `≥ ${dollars}` : dollars;
}

type Sum = WorkspaceUsage["total"];
const numbers = <R extends Sum>(): Column<R>[] => [
  { header: "Calls", align: "right", className: "tabular-nums", cell: (r) => tokens(r.calls) },
  { header: "Input tokens", align: "right", className: "tabular-nums", cell: (r) => tokens(r.inputTokens) },
  { header: "Output tokens", align: "right", className: "tabular-nums", cell: (r) => tokens(r.outputTokens) },
  { header: "Est. cost", align: "right", className: "tabular-nums font-medium", cell: (r) => formatCost(r.cost, r.unpricedTokens, r.tokens) },
];

function Stat({ label, value, hint }: { label: string; value: ReactNode; hint?: string }) {
  return (
    <div className="rounded-xl border border-zinc-200 bg-white px-5 py-4">
      <p className="text-xs font-medium uppercase tracking-wide text-zinc-500">{label}</p>
      <p className="mt-1 text-2xl font-semibold tabular-nums text-zinc-900">{value}</p>
      {hint && <p className="mt-1 text-xs text-zinc-500">{hint}</p>}
    </div>
  );
}

/** The usage page's body: totals, then tokens and estimated cost per day, role, template and model. */
export function UsageReport({ usage }: { usage: WorkspaceUsage }) {
  const { total } = usage;
  const peak = Math.max(1, ...usage.byDay.map((d) => d.tokens));
  const unpriced = usage.byModel.filter((m) => m.price === null && m.tokens > 0);
  return (
    <div className="space-y-6" data-testid="usage-report">
      <div className="grid gap-4 sm:grid-cols-3">
        <Stat label="Tokens" value={tokens(total.tokens)} hint={`${tokens(total.inputTokens)} in · ${tokens(total.outputTokens)} out`} />
        <Stat label="Model calls" value={tokens(total.calls)} />
        <Stat label="Estimated cost" value={formatCost(total.cost, total.unpricedTokens, total.tokens)} hint={total.unpricedTokens ? `${tokens(total.unpricedTokens)} tokens of models without a known price are not in it` : "At list prices; see the models below"} />
      </div>

      <Card>
        <CardHeader title="By role" description="What the tokens were spent on." />
        <DataTable rows={usage.byRole} rowKey={(r) => r.key} rowProps={(r) => ({ "data-role": r.key })} testId="usage-by-role" pad="card" head="plain"
          columns={[{ header: "Role", rowHeader: true, className: "font-medium", cell: (r) => ROLE_LABEL[r.key] ?? r.key }, ...numbers<(typeof usage.byRole)[number]>()]} />
      </Card>

      <Card>
        <CardHeader title="By template" description="Improver and replay tokens count for the template they work on; feedback classification runs for the whole workspace." />
        <DataTable rows={usage.byTemplate} rowKey={(r) => r.key.id ?? ""} testId="usage-by-template" pad="card" head="plain"
          columns={[{ header: "Template", rowHeader: true, className: "font-medium", cell: (r) => r.key.name ?? <span className="text-zinc-500">Workspace (feedback classification)</span> }, ...numbers<(typeof usage.byTemplate)[number]>()]} />
      </Card>

      <Card>
        <CardHeader title="By day" description="UTC days, newest first." />
        <DataTable rows={usage.byDay} rowKey={(r) => r.key} rowProps={(r) => ({ "data-day": r.key })} testId="usage-by-day" pad="card" head="plain"
          columns={[
            { header: "Day", rowHeader: true, className: "whitespace-nowrap font-medium tabular-nums", cell: (r) => r.key },
            {
              header: <span className="sr-only">Share of the busiest day</span>,
              className: "w-1/3",
              cell: (r) => (
                <div className="h-2 rounded-full bg-zinc-100" aria-hidden>
                  <div className="h-2 rounded-full bg-brand-500" style={{ width: `${Math.max(2, Math.round((r.tokens / peak) * 100))}%` }} />
                </div>
              ),
            },
            ...numbers<(typeof usage.byDay)[number]>(),
          ]} />
      </Card>

      <Card>
        <CardHeader title="By model" description="Prices in US dollars per million tokens (input / output)." />
        <DataTable rows={usage.byModel} rowKey={(r) => r.key} testId="usage-by-model" pad="card" head="plain"
          columns={[
            { header: "Model", rowHeader: true, cell: (r) => (r.key ? <code className="text-xs">{r.key}</code> : <span className="text-zinc-500">Not recorded (runs before usage was kept per model)</span>) },
            {
              header: "Price",
              className: "whitespace-nowrap text-zinc-600",
              cell: (r) => (r.price ? `$${r.price.inputPerMTok} / $${r.price.outputPerMTok}${r.price.source === "configured" ? " (configured)" : r.price.source === "built-in" ? " (built-in)" : ""}` : "unknown"),
            },
            ...numbers<(typeof usage.byModel)[number]>(),
          ]} />
        {unpriced.length > 0 && (
          <p className="border-t border-zinc-100 px-5 py-3 text-xs text-zinc-500">
            No price is known for {unpriced.map((m) => m.key || "unrecorded models").join(", ")}. Set AI_PRICE_INPUT_PER_MTOK and AI_PRICE_OUTPUT_PER_MTOK on the server to price them.
          </p>
        )}
      </Card>
    </div>
  );
}
