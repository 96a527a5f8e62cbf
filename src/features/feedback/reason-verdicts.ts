import type { PrismaClient } from "@/generated/prisma/client";

// The verdicts a written item's source needs (classifierSource in ./rules.ts reads a reason by its
// decision's verdict), for code that reads items through Prisma rather than SQL (rules-sql.ts
// `reasonVerdictSql`). No server-only: the demo seed labels its texts through this too.

/** The verdict of each reason's decision among `items`, by decision id: one read. */
export async function reasonVerdicts(client: Pick<PrismaClient, "changeDecision">, workspaceId: string, items: { sourceType: string; sourceId: string }[]): Promise<Map<string, string>> {
  const ids = items.flatMap((item) => (item.sourceType === "reason" ? [item.sourceId] : []));
  if (!ids.length) return new Map();
  const decisions = await client.changeDecision.findMany({ where: { workspaceId, id: { in: ids } }, select: { id: true, verdict: true } });
  return new Map(decisions.map((d) => [d.id, d.verdict]));
}
