import "server-only";
import { estimateCost, priceOf, type Price } from "@/ai/pricing";
import type { ModelRole } from "@/ai/models";
import { db } from "@/server/db";

export const USAGE_PERIODS = [7, 30, 90] as const;
export type UsagePeriod = (typeof USAGE_PERIODS)[number];

type Sum = { calls: number; inputTokens: number; outputTokens: number; tokens: number; cost: number; unpricedTokens: number };
export type UsageRow = Sum & { day: string; role: ModelRole; templateId: string | null; templateName: string | null; model: string };
export type UsageGroup<K> = Sum & { key: K };

export type WorkspaceUsage = {
  days: number;
  /** First and last UTC day of the period (inclusive). */
  from: string;
  to: string;
  total: Sum;
  byDay: UsageGroup<string>[];
  byRole: UsageGroup<ModelRole>[];
  byTemplate: UsageGroup<{ id: string | null; name: string | null }>[];
  byModel: (UsageGroup<string> & { price: Price | null })[];
  rows: UsageRow[];
};

const empty = (): Sum => ({ calls: 0, inputTokens: 0, outputTokens: 0, tokens: 0, cost: 0, unpricedTokens: 0 });

function addTo(sum: Sum, r: Sum) {
  sum.calls += r.calls;
  sum.inputTokens += r.inputTokens;
  sum.outputTokens += r.outputTokens;
  sum.tokens += r.tokens;
  sum.cost += r.cost;
  sum.unpricedTokens += r.unpricedTokens;
}

function groupBy<K>(rows: UsageRow[], keyOf: (r: UsageRow) => string, key: (r: UsageRow) => K): UsageGroup<K>[] {
  const groups = new Map<string, UsageGroup<K>>();
  for (const r of rows) {
    const k = keyOf(r);
    let g = groups.get(k);
    if (!g) groups.set(k, (g = { ...empty(), key: key(r) }));
    addTo(g, r);
  }
  return [...groups.values()].sort((a, b) => b.tokens - a.tokens);
}

const dayString = (d: Date) => d.toISOString().slice(0, 10);

/**
 * The workspace's model usage over the last `days` UTC days (today included): tokens and calls per
 * day, role, template and model from the daily ledger (one index range of its primary key), with
 * the estimated cost from src/ai/pricing.ts. Tokens of a model without a known price are counted
 * apart (`unpricedTokens`), never priced at 0.
 */
export async function getWorkspaceUsage(workspaceId: string, days: UsagePeriod, now = new Date()): Promise<WorkspaceUsage> {
  const to = dayString(now);
  const fromDate = new Date(`${to}T00:00:00Z`);
  fromDate.setUTCDate(fromDate.getUTCDate() - (days - 1));
  const from = dayString(fromDate);
  const raw = await db.modelUsageDaily.findMany({
    where: { workspaceId, day: { gte: fromDate, lte: new Date(`${to}T00:00:00Z`) } },
    orderBy: [{ day: "desc" }, { role: "asc" }],
  });
  const templateIds = [...new Set(raw.map((r) => r.templateId).filter(Boolean))];
  const templates = templateIds.length
    ? await db.agentTemplate.findMany({ where: { workspaceId, id: { in: templateIds } }, select: { id: true, name: true } })
    : [];
  const names = new Map(templates.map((t) => [t.id, t.name]));

  const rows: UsageRow[] = raw.map((r) => {
    const inputTokens = Number(r.inputTokens);
    const outputTokens = Number(r.outputTokens);
    const cost = estimateCost(r.model, inputTokens, outputTokens);
    return {
      day: dayString(r.day), role: r.role as ModelRole, templateId: r.templateId || null, templateName: r.templateId ? (names.get(r.templateId) ?? "(deleted template)") : null,
      model: r.model, calls: r.calls, inputTokens, outputTokens, tokens: inputTokens + outputTokens,
      cost: cost ?? 0, unpricedTokens: cost === null ? inputTokens + outputTokens : 0,
    };
  });
  const total = empty();
  for (const r of rows) addTo(total, r);
  return {
    days, from, to, total, rows,
    byDay: groupBy(rows, (r) => r.day, (r) => r.day).sort((a, b) => b.key.localeCompare(a.key)),
    byRole: groupBy(rows, (r) => r.role, (r) => r.role),
    byTemplate: groupBy(rows, (r) => r.templateId ?? "", (r) => ({ id: r.templateId, name: r.templateName })),
    byModel: groupBy(rows, (r) => r.model, (r) => r.model).map((g) => ({ ...g, price: g.key ? priceOf(g.key) : null })),
  };
}
