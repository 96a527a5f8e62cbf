import "server-only";
import { Prisma } from "@/generated/prisma/client";
import { db } from "@/server/db";
import { HIGHLIGHT_END, HIGHLIGHT_START } from "../markers";
import type { SearchParams } from "../schemas";

const HEADLINE_OPTIONS = `StartSel=${HIGHLIGHT_START}, StopSel=${HIGHLIGHT_END}, MaxWords=40, MinWords=15, MaxFragments=2, FragmentDelimiter=" … "`;

export const PAGE_SIZE = 20;

export type SearchHit = {
  kind: "observation" | "report";
  id: string;
  agentId: string;
  agentName: string;
  templateId: string;
  templateName: string;
  createdAt: Date;
  snippet: string;
};

/**
 * Full-text search over observations and reports with web-search syntax ("quoted phrase", OR,
 * -exclude), through the generated tsvector columns and their GIN indexes. Each source is limited
 * before the union; snippets (ts_headline, the costly part) are made only for the page shown.
 */
export async function searchMessages(workspaceId: string, params: SearchParams): Promise<{ hits: SearchHit[]; hasMore: boolean }> {
  const take = PAGE_SIZE + 1;
  const offset = (params.page - 1) * PAGE_SIZE;
  const hasQuery = params.q.length > 0;
  const query = Prisma.sql`websearch_to_tsquery('english', ${params.q})`;

  const filters = (alias: string) => {
    const col = (name: string) => Prisma.raw(`${alias}."${name}"`);
    return [
      Prisma.sql`${col("workspaceId")} = ${workspaceId}`,
      ...(hasQuery ? [Prisma.sql`${col("search")} @@ ${query}`] : []),
      ...(params.templateId ? [Prisma.sql`${col("templateId")} = ${params.templateId}`] : []),
      ...(params.agentId ? [Prisma.sql`${col("agentId")} = ${params.agentId}`] : []),
      ...(params.from ? [Prisma.sql`${col("createdAt")} >= ${params.from}`] : []),
      ...(params.to ? [Prisma.sql`${col("createdAt")} < ${new Date(params.to.getTime() + 86_400_000)}`] : []),
    ];
  };
  const byRelevance = hasQuery && params.sort === "relevance";
  const order = (alias: string) =>
    byRelevance ? Prisma.raw(`ts_rank_cd(${alias}."search", q) DESC, ${alias}."createdAt" DESC`) : Prisma.raw(`${alias}."createdAt" DESC`);
  const rankCol = (alias: string) => (byRelevance ? Prisma.raw(`ts_rank_cd(${alias}."search", q)`) : Prisma.raw("0::real"));
  const limit = offset + take;

  const sources: Prisma.Sql[] = [];
  if (params.kind !== "report") {
    sources.push(Prisma.sql`(SELECT 'observation' AS "kind", m."id", m."agentId", m."templateId", m."createdAt", m."text" AS "body", ${rankCol("m")} AS "rank"
      FROM "AgentMessage" m, ${query} q WHERE m."kind" = 'observation' AND ${Prisma.join(filters("m"), " AND ")}
      ORDER BY ${order("m")} LIMIT ${limit})`);
  }
  if (params.kind !== "observation") {
    sources.push(Prisma.sql`(SELECT 'report' AS "kind", r."id", r."agentId", r."templateId", r."createdAt", r."markdown" AS "body", ${rankCol("r")} AS "rank"
      FROM "AgentReport" r, ${query} q WHERE ${Prisma.join(filters("r"), " AND ")}
      ORDER BY ${order("r")} LIMIT ${limit})`);
  }
  const rows = await db.$queryRaw<(Omit<SearchHit, "agentName" | "templateName"> & { agentName: string; templateName: string })[]>`
    WITH page AS (
      SELECT * FROM (${Prisma.join(sources, " UNION ALL ")}) AS hits
      ORDER BY ${byRelevance ? Prisma.raw(`"rank" DESC, "createdAt" DESC`) : Prisma.raw(`"createdAt" DESC`)}
      LIMIT ${take} OFFSET ${offset}
    )
    SELECT p."kind", p."id", p."agentId", p."templateId", p."createdAt",
      a."displayName" AS "agentName", t."name" AS "templateName",
      ${hasQuery ? Prisma.sql`ts_headline('english', p."body", ${query}, ${HEADLINE_OPTIONS})` : Prisma.sql`left(p."body", 280)`} AS "snippet"
    FROM page p
    JOIN "Agent" a ON a."id" = p."agentId"
    JOIN "AgentTemplate" t ON t."id" = p."templateId"
    ORDER BY ${byRelevance ? Prisma.raw(`p."rank" DESC, p."createdAt" DESC`) : Prisma.raw(`p."createdAt" DESC`)}`;
  return { hits: rows.slice(0, PAGE_SIZE), hasMore: rows.length > PAGE_SIZE };
}
