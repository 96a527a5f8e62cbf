import "server-only";
import { Prisma } from "@/generated/prisma/client";
import { db } from "@/server/db";
import { HIGHLIGHT_END, HIGHLIGHT_START } from "../markers";
import type { SearchParams } from "../schemas";

// Long texts show up to two fragments around the matches. Fragment mode trims the tail after the
// last match (a ticket number at the end of a one-line observation disappeared), so a text short
// enough to show whole is highlighted whole.
const HEADLINE_OPTIONS = `StartSel=${HIGHLIGHT_START}, StopSel=${HIGHLIGHT_END}, MaxWords=40, MinWords=15, MaxFragments=2, FragmentDelimiter=" … "`;
const WHOLE_TEXT_OPTIONS = `StartSel=${HIGHLIGHT_START}, StopSel=${HIGHLIGHT_END}, MaxWords=60, MinWords=40`;
const WHOLE_TEXT_MAX_CHARS = 280;

export const PAGE_SIZE = 20;
/** How many of the newest rows (per source) a search looks at before using the full GIN index. */
export const SEARCH_WINDOW = { observation: 5_000, report: 2_000 } as const;

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

const sources = {
  observation: { table: "AgentMessage", extra: Prisma.sql`AND x."kind" = 'observation'` },
  report: { table: "AgentReport", extra: Prisma.empty },
} as const;

/**
 * Full-text search over observations and reports with web-search syntax ("quoted phrase", or,
 * -exclude) through the generated tsvector columns. Two steps per source, in one statement
 * (measured in bench/search-and-delta.ts; the planner misjudges multi-word selectivity):
 *  1. the newest SEARCH_WINDOW rows through the (…, createdAt) btree, filtered by @@ — bounded cost;
 *  2. only when step 1 finds fewer matches than the page needs (a rare term): every match through
 *     the GIN index, in a MATERIALIZED CTE so it cannot degrade into a backward scan of the table.
 * "Newest" is exact either way. "Relevance" ranks the same candidates, so for frequent terms it is
 * the best match among the newest rows. Snippets (ts_headline, the costly part) are made only for
 * the page shown.
 */
export async function searchMessages(
  workspaceId: string,
  params: SearchParams,
  options: { window?: Record<keyof typeof SEARCH_WINDOW, number> } = {},
): Promise<{ hits: SearchHit[]; hasMore: boolean }> {
  const window = options.window ?? SEARCH_WINDOW;
  const take = PAGE_SIZE + 1;
  const offset = (params.page - 1) * PAGE_SIZE;
  const need = offset + take;
  const hasQuery = params.q.length > 0;
  const byRank = hasQuery && params.sort === "relevance";
  const order = Prisma.raw(byRank ? `"rank" DESC, "createdAt" DESC` : `"createdAt" DESC`);
  // A function in FROM: with the parameter known the planner folds it to a constant tsquery.
  const query = Prisma.sql`websearch_to_tsquery('english', ${params.q})`;
  // Normalisation 1 (divide by 1 + log length): long reports do not outrank a precise observation.
  const rank = (alias: string) => Prisma.raw(byRank ? `ts_rank_cd(${alias}."search", q, 1)` : "0::real");

  const where = Prisma.join(
    [
      Prisma.sql`x."workspaceId" = ${workspaceId}`,
      ...(params.templateId ? [Prisma.sql`x."templateId" = ${params.templateId}`] : []),
      ...(params.agentId ? [Prisma.sql`x."agentId" = ${params.agentId}`] : []),
      ...(params.from ? [Prisma.sql`x."createdAt" >= ${params.from}`] : []),
      ...(params.to ? [Prisma.sql`x."createdAt" < ${new Date(params.to.getTime() + 86_400_000)}`] : []),
    ],
    " AND ",
  );

  const ctes: Prisma.Sql[] = [];
  const unions: Prisma.Sql[] = [];
  for (const kind of ["observation", "report"] as const) {
    if (params.kind !== "all" && params.kind !== kind) continue;
    const { table, extra } = sources[kind];
    const from = Prisma.raw(`"${table}"`);
    const name = (suffix: string) => Prisma.raw(`"${kind}_${suffix}"`);
    if (!hasQuery) {
      ctes.push(Prisma.sql`${name("hits")} AS (SELECT x."id", x."agentId", x."templateId", x."createdAt", 0::real AS "rank"
        FROM ${from} x WHERE ${where} ${extra} ORDER BY x."createdAt" DESC LIMIT ${need})`);
    } else {
      ctes.push(Prisma.sql`${name("recent")} AS MATERIALIZED (
          SELECT w."id", w."agentId", w."templateId", w."createdAt", ${rank("w")} AS "rank"
          FROM (SELECT x."id", x."agentId", x."templateId", x."createdAt", x."search" FROM ${from} x
                WHERE ${where} ${extra} ORDER BY x."createdAt" DESC LIMIT ${window[kind]}) w, ${query} q
          WHERE w."search" @@ q ORDER BY ${order} LIMIT ${need}),
        ${name("all")} AS MATERIALIZED (
          SELECT x."id", x."agentId", x."templateId", x."createdAt", ${rank("x")} AS "rank"
          FROM ${from} x, ${query} q WHERE ${where} ${extra} AND x."search" @@ q),
        ${name("hits")} AS (
          SELECT * FROM ${name("recent")} WHERE (SELECT count(*) FROM ${name("recent")}) >= ${need}
          UNION ALL
          SELECT * FROM (SELECT * FROM ${name("all")} ORDER BY ${order} LIMIT ${need}) s
          WHERE (SELECT count(*) FROM ${name("recent")}) < ${need})`);
    }
    unions.push(Prisma.sql`SELECT ${kind}::text AS "kind", * FROM ${name("hits")}`);
  }

  const rows = await db.$queryRaw<SearchHit[]>`
    WITH ${Prisma.join(ctes, ", ")},
    page AS (SELECT * FROM (${Prisma.join(unions, " UNION ALL ")}) h ORDER BY ${order} LIMIT ${take} OFFSET ${offset})
    SELECT p."kind", p."id", p."agentId", p."templateId", p."createdAt", a."displayName" AS "agentName", t."name" AS "templateName",
      ${
        hasQuery
          ? Prisma.sql`ts_headline('english', coalesce(m."text", r."markdown"), ${query},
              CASE WHEN length(coalesce(m."text", r."markdown")) <= ${WHOLE_TEXT_MAX_CHARS} THEN ${WHOLE_TEXT_OPTIONS} ELSE ${HEADLINE_OPTIONS} END)`
          : Prisma.sql`left(coalesce(m."text", r."markdown"), ${WHOLE_TEXT_MAX_CHARS})`
      } AS "snippet"
    FROM page p
    JOIN "Agent" a ON a."id" = p."agentId"
    JOIN "AgentTemplate" t ON t."id" = p."templateId"
    LEFT JOIN "AgentMessage" m ON p."kind" = 'observation' AND m."id" = p."id"
    LEFT JOIN "AgentReport" r ON p."kind" = 'report' AND r."id" = p."id"
    ORDER BY ${Prisma.raw(byRank ? `p."rank" DESC, p."createdAt" DESC` : `p."createdAt" DESC`)}`;
  return { hits: rows.slice(0, PAGE_SIZE), hasMore: rows.length > PAGE_SIZE };
}
