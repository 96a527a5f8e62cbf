import "server-only";
import { Prisma } from "@/generated/prisma/client";
import { encodeCursor, type Cursor } from "@/lib/keyset";
import { db } from "@/server/db";
import { badRequest } from "@/server/errors";
import { assertCursorOrder } from "@/server/keyset-cursor";
import { queryWithin } from "@/server/query-within";
import { HIGHLIGHT_END, HIGHLIGHT_START } from "../markers";
import type { SearchParams } from "../schemas";

// Long texts show up to two fragments around the matches. Fragment mode trims the tail after the
// last match (a ticket number at the end of a one-line observation disappeared), so a text short
// enough to show whole is highlighted whole.
const HEADLINE_OPTIONS = `StartSel=${HIGHLIGHT_START}, StopSel=${HIGHLIGHT_END}, MaxWords=40, MinWords=15, MaxFragments=2, FragmentDelimiter=" … "`;
const WHOLE_TEXT_OPTIONS = `StartSel=${HIGHLIGHT_START}, StopSel=${HIGHLIGHT_END}, MaxWords=60, MinWords=40`;
const WHOLE_TEXT_MAX_CHARS = 280;

export const PAGE_SIZE = 20;

/**
 * The bounds of one search (per source). Every statement reads a bounded number of rows, whatever
 * the number of matches:
 *  - `windows`: the newest `first` rows (after the cursor) read through the (…, createdAt) btree
 *    and filtered by @@, tried before anything else; then, if needed, the next `chunk` rows at a
 *    time — each chunk its own statement seeking past the previous one, so it stays on the ordered
 *    index — until `rows` rows were read or `widenMs` has passed;
 *  - `gin`: at most this many matches gathered through the GIN index (unordered, LIMIT) after the
 *    first window — fewer means they are all the matches, sorted exactly;
 *  - `relevance`: relevance ranks the newest this-many matches only (and the page says so), the
 *    rank computed for that pool only;
 *  - `count`: the match count stops here ("1,000+"), and is given up after `countMs` (a count
 *    builds whole bitmaps even with a LIMIT): the planner's estimate, labelled, stands in;
 *  - `estimateAbove`: a source the planner expects more matches from is not counted at all.
 */
export const SEARCH_BOUNDS = {
  windows: { observation: { first: 5_000, chunk: 10_000, rows: 500_000 }, report: { first: 2_000, chunk: 4_000, rows: 200_000 } },
  widenMs: 50,
  gin: 2_000,
  relevance: 200,
  count: 1_000,
  countMs: 50,
  estimateAbove: 2_000,
} as const;
export type SearchBounds = {
  windows: Record<"observation" | "report", { first: number; chunk: number; rows: number }>;
  widenMs: number;
  gin: number;
  relevance: number;
  count: number;
  countMs: number;
  /** Above this planner estimate of a source's matches, the count is the estimate ("About N"). */
  estimateAbove: number;
};

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

/** The number of matches: exact up to the cap, else "more than `value`" (`capped`), or the planner's `estimated` number. */
export type SearchCount = { value: number; capped: boolean; estimated: boolean };

export type SearchResult = {
  hits: SearchHit[];
  nextCursor: string | null;
  prevCursor: string | null;
  count: SearchCount;
  /** Relevance order ranked only the newest `SEARCH_BOUNDS.relevance` matches (there are more). */
  rankedNewest: number | null;
  /** Newest order could not be made exact within the bounds (many old matches, almost none recent). */
  approximate: boolean;
};

type Kind = "observation" | "report";
type Candidate = { kind: Kind; id: string; agentId: string; templateId: string; createdAt: Date; rank: number };

const sources = {
  observation: { table: "AgentMessage", extra: Prisma.sql`AND x."kind" = 'observation'` },
  report: { table: "AgentReport", extra: Prisma.empty },
} as const;

function cursorKey(sort: "recent" | "relevance", c: Candidate): string {
  return sort === "relevance" ? `${c.rank}_${c.createdAt.toISOString()}` : c.createdAt.toISOString();
}

/** A cursor's position: the rank (relevance), the time and the id — or a 400. */
function parseCursor(sort: "recent" | "relevance", cursor: Cursor): { rank: number; at: Date; id: string } {
  const invalid = () => badRequest("This cursor is not valid: start again from the first page.", { cursor: ["This cursor is not valid."] });
  assertCursorOrder(sort, cursor);
  // Its own key check: a relevance key is "rank_time", not one value (assertKeysetCursor's case).
  const [rankText, atText] = sort === "relevance" ? cursor.key.split("_") : ["0", cursor.key];
  const rank = Number(rankText);
  const at = new Date(atText ?? "");
  if (!Number.isFinite(rank) || Number.isNaN(at.getTime())) throw invalid();
  return { rank, at, id: cursor.id };
}

/** Candidates in display order: newest first, or rank then newest. */
function compare(byRank: boolean) {
  return (a: Candidate, b: Candidate) =>
    (byRank ? b.rank - a.rank : 0) || b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0);
}

/**
 * Full-text search over observations and reports with web-search syntax ("quoted phrase", or,
 * -exclude) through the generated tsvector columns, one keyset page at a time (`after`/`before`
 * a cursor of the page seen). Matches are found per source in bounded steps (measured in
 * bench/search-and-delta.ts; the planner misjudges multi-word selectivity, and gathering every
 * match of a frequent term through GIN read 102k rows):
 *  1. the newest `windows.first` rows after the cursor through the btree, filtered by @@;
 *  2. too few there: at most `gin` matches through the GIN index — fewer than that are all of them;
 *  3. still not settled (thousands of older matches, few recent ones): the rows past the first
 *     window, a chunk at a time, within a row and a time budget;
 *  4. that did not fill the page either: what was found plus the GIN sample, sorted, and the
 *     result says `approximate`.
 * "Newest" is exact in steps 1–3. "Relevance" ranks the newest `relevance` matches (the result
 * says so when there were more; `ts_rank_cd` runs on that pool only) and pages through them. Snippets (ts_headline, the costly part)
 * are made only for the page shown. `trace` receives every statement run (tests EXPLAIN them).
 */
export async function searchMessages(
  workspaceId: string,
  params: SearchParams,
  options: { bounds?: SearchBounds; trace?: Prisma.Sql[] } = {},
): Promise<SearchResult> {
  const bounds = options.bounds ?? SEARCH_BOUNDS;
  const run = <T,>(sql: Prisma.Sql) => {
    options.trace?.push(sql);
    return db.$queryRaw<T>(sql);
  };
  const hasQuery = params.q.length > 0;
  const sort = hasQuery ? params.sort : "recent";
  const byRank = sort === "relevance";
  const cursor = params.after ?? params.before;
  const forward = !(params.before && !params.after);
  const seek = cursor ? parseCursor(sort, cursor) : null;
  const take = PAGE_SIZE + 1;
  // A function in FROM: with the parameter known the planner folds it to a constant tsquery.
  const query = Prisma.sql`websearch_to_tsquery('english', ${params.q})`;

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
  // Newest order: the rows strictly after the cursor in the direction read (the first condition
  // is an index condition on createdAt; the row comparison settles ties by id).
  const timeSeek = seek && !byRank
    ? forward
      ? Prisma.sql`AND x."createdAt" <= ${seek.at} AND (x."createdAt", x."id") < (${seek.at}, ${seek.id})`
      : Prisma.sql`AND x."createdAt" >= ${seek.at} AND (x."createdAt", x."id") > (${seek.at}, ${seek.id})`
    : Prisma.empty;
  const dir = Prisma.raw(forward || byRank ? "DESC" : "ASC");
  const cols = (alias: string) => Prisma.raw(`${alias}."id", ${alias}."agentId", ${alias}."templateId", ${alias}."createdAt"`);

  let approximate = false;
  let rankedNewest: number | null = null;

  /** Up to `need` matches of one source in the order read (newest first, or oldest first backwards). */
  async function candidates(kind: Kind, need: number): Promise<Candidate[]> {
    const { table, extra } = sources[kind];
    const from = Prisma.raw(`"${table}"`);
    const tag = (rows: Omit<Candidate, "kind">[]) => rows.map((r) => ({ ...r, kind, rank: Number(r.rank) }));
    if (!hasQuery) {
      return tag(await run(Prisma.sql`SELECT ${cols("x")}, 0::real AS "rank" FROM ${from} x
        WHERE ${where} ${extra} ${timeSeek} ORDER BY x."createdAt" ${dir}, x."id" ${dir} LIMIT ${need}`));
    }
    type Edge = { createdAt: Date; id: string };
    const past = (edge: Edge) =>
      forward || byRank
        ? Prisma.sql`AND x."createdAt" <= ${edge.createdAt} AND (x."createdAt", x."id") < (${edge.createdAt}, ${edge.id})`
        : Prisma.sql`AND x."createdAt" >= ${edge.createdAt} AND (x."createdAt", x."id") > (${edge.createdAt}, ${edge.id})`;
    const back = Prisma.raw(forward || byRank ? "ASC" : "DESC");
    /** The matches among the newest `size` rows: a streaming read that stops once `need` are found. */
    const newest = async (size: number) =>
      tag(await run(Prisma.sql`SELECT ${cols("w")}, 0::real AS "rank"
        FROM (SELECT ${cols("x")}, x."search" FROM ${from} x WHERE ${where} ${extra} ${timeSeek}
              ORDER BY x."createdAt" ${dir}, x."id" ${dir} LIMIT ${size}) w, ${query} q
        WHERE w."search" @@ q ORDER BY w."createdAt" ${dir}, w."id" ${dir} LIMIT ${need}`));
    /**
     * The matches among the `size` rows past `edge` (the previous chunk's last row), and this
     * chunk's own last row when it was full (null: there are no rows beyond it).
     */
    const chunk = async (size: number, edge: Edge) => {
      const rows = await run<(Omit<Candidate, "kind"> & { edge: boolean; n: number })[]>(Prisma.sql`WITH w AS MATERIALIZED (
          SELECT ${cols("x")}, x."search" FROM ${from} x WHERE ${where} ${extra} ${timeSeek} ${past(edge)}
          ORDER BY x."createdAt" ${dir}, x."id" ${dir} LIMIT ${size})
        (SELECT ${cols("w")}, 0::real AS "rank", false AS "edge", 0 AS "n" FROM w, ${query} q WHERE w."search" @@ q ORDER BY w."createdAt" ${dir}, w."id" ${dir} LIMIT ${need})
        UNION ALL
        (SELECT ${cols("w")}, 0::real, true, (SELECT count(*)::int FROM w) FROM w ORDER BY w."createdAt" ${back}, w."id" ${back} LIMIT 1)`);
      const last = rows.find((r) => r.edge);
      return { matches: tag(rows.filter((r) => !r.edge)), edge: last && last.n >= size ? { createdAt: last.createdAt, id: last.id } : null };
    };
    const window = bounds.windows[kind];
    const recent = await newest(window.first);
    if (recent.length >= need) return recent;
    // The GIN index, unordered, stopping at `gin` matches: a MATERIALIZED CTE so the planner
    // cannot turn it into an ordered backward scan of the whole table.
    const sample = tag(await run(Prisma.sql`WITH m AS MATERIALIZED (
        SELECT ${cols("x")}, 0::real AS "rank" FROM ${from} x, ${query} q
        WHERE ${where} ${extra} ${timeSeek} AND x."search" @@ q LIMIT ${bounds.gin})
      SELECT * FROM m`));
    const sorted = (rows: Candidate[]) => {
      const rows2 = [...rows].sort(compare(false));
      return (forward || byRank ? rows2 : rows2.reverse()).slice(0, need);
    };
    if (sample.length < bounds.gin) return sorted(sample);
    // Many matches, few of them recent: read on past the first window, chunk by chunk (each a seek
    // on the ordered index), within the row and time budgets. The first window's matches stay first.
    const [edgeRow] = await run<Edge[]>(Prisma.sql`SELECT x."createdAt", x."id" FROM ${from} x WHERE ${where} ${extra} ${timeSeek}
      ORDER BY x."createdAt" ${dir}, x."id" ${dir} OFFSET ${window.first - 1} LIMIT 1`);
    if (!edgeRow) return recent; // the first window held every row: its matches are all of them
    const found = [...recent];
    const until = Date.now() + bounds.widenMs;
    let edge: Edge | null = edgeRow;
    for (let read = window.first; edge && read < window.rows && Date.now() < until; read += window.chunk) {
      const step = await chunk(Math.min(window.chunk, window.rows - read), edge);
      found.push(...step.matches.slice(0, need - found.length));
      if (found.length >= need || !step.edge) return found;
      edge = step.edge;
    }
    approximate = true;
    return sorted([...new Map([...found, ...sample].map((c) => [c.id, c])).values()]);
  }

  const kinds = (["observation", "report"] as const).filter((k) => params.kind === "all" || params.kind === k);
  let rows: Candidate[];
  if (byRank) {
    // Rank the newest `relevance` matches of each source; page through them by (rank, time, id).
    const pools = await Promise.all(kinds.map((k) => candidates(k, bounds.relevance + 1)));
    if (pools.some((p) => p.length > bounds.relevance)) rankedNewest = bounds.relevance;
    const pool = (await Promise.all(pools.map((p) => ranked(p.slice(0, bounds.relevance))))).flat().sort(compare(true));
    // A candidate's place relative to the cursor's row in display order (< 0: shown before it).
    const place = (c: Candidate, s: { rank: number; at: Date; id: string }) =>
      s.rank - c.rank || s.at.getTime() - c.createdAt.getTime() || (c.id > s.id ? -1 : c.id < s.id ? 1 : 0);
    const after = seek ? pool.filter((c) => (forward ? place(c, seek) > 0 : place(c, seek) < 0)) : pool;
    rows = forward ? after.slice(0, take) : after.slice(-take).reverse();
  } else {
    const lists = await Promise.all(kinds.map((k) => candidates(k, take)));
    const merged = lists.flat().sort(compare(false));
    rows = (forward ? merged : merged.reverse()).slice(0, take);
  }

  const more = rows.length > PAGE_SIZE;
  const page = rows.slice(0, PAGE_SIZE);
  if (!forward) page.reverse();
  const cursorOf = (c: Candidate | undefined) => (c ? encodeCursor({ sort, key: cursorKey(sort, c), id: c.id }) : null);
  const nextCursor = (forward ? more : true) ? cursorOf(page.at(-1)) : null;
  const prevCursor = (forward ? Boolean(cursor) : more) ? cursorOf(page[0]) : null;

  const [hits, count] = await Promise.all([
    page.length === 0 ? Promise.resolve([] as SearchHit[]) : details(page),
    countMatches(),
  ]);
  return { hits, nextCursor, prevCursor, count, rankedNewest, approximate };

  /**
   * The candidates with their rank — computed for the final pool only (normalisation 1, divide by
   * 1 + log length: long reports do not outrank a precise observation).
   */
  async function ranked(pool: Candidate[]): Promise<Candidate[]> {
    if (pool.length === 0) return pool;
    const from = Prisma.raw(`"${sources[pool[0].kind].table}"`);
    const rows = await run<{ id: string; rank: number }[]>(Prisma.sql`SELECT x."id", ts_rank_cd(x."search", q, 1) AS "rank"
      FROM ${from} x, ${query} q WHERE x."workspaceId" = ${workspaceId} AND x."id" = ANY(${pool.map((c) => c.id)}::text[])`);
    const rankOf = new Map(rows.map((r) => [r.id, Number(r.rank)]));
    return pool.map((c) => ({ ...c, rank: rankOf.get(c.id) ?? 0 }));
  }

  /** The page's rows with agent, template and snippet, in the page's order. */
  async function details(page: Candidate[]) {
    const rows = await run<(SearchHit & { ord: number })[]>(Prisma.sql`
      SELECT p."kind", p."id", p."ord", COALESCE(m."agentId", r."agentId") AS "agentId", COALESCE(m."templateId", r."templateId") AS "templateId",
        COALESCE(m."createdAt", r."createdAt") AS "createdAt", a."displayName" AS "agentName", t."name" AS "templateName",
        ${
          hasQuery
            ? Prisma.sql`ts_headline('english', coalesce(m."text", r."markdown"), ${query},
                CASE WHEN length(coalesce(m."text", r."markdown")) <= ${WHOLE_TEXT_MAX_CHARS} THEN ${WHOLE_TEXT_OPTIONS} ELSE ${HEADLINE_OPTIONS} END)`
            : Prisma.sql`left(coalesce(m."text", r."markdown"), ${WHOLE_TEXT_MAX_CHARS})`
        } AS "snippet"
      FROM unnest(${page.map((c) => c.kind)}::text[], ${page.map((c) => c.id)}::text[]) WITH ORDINALITY AS p("kind", "id", "ord")
      LEFT JOIN "AgentMessage" m ON p."kind" = 'observation' AND m."id" = p."id" AND m."workspaceId" = ${workspaceId}
      LEFT JOIN "AgentReport" r ON p."kind" = 'report' AND r."id" = p."id" AND r."workspaceId" = ${workspaceId}
      JOIN "Agent" a ON a."id" = COALESCE(m."agentId", r."agentId")
      JOIN "AgentTemplate" t ON t."id" = COALESCE(m."templateId", r."templateId")
      ORDER BY p."ord"`);
    return rows.map((row) => {
      const { ord, ...hit } = row;
      void ord;
      return hit;
    });
  }

  /**
   * The number of matches per source: the planner's estimate (EXPLAIN, no rows read) when it
   * expects more than `estimateAbove`, else a count of at most `count` + 1 rows — given up after
   * `countMs` for the estimate (a phrase or word pair the planner underestimated: the count's
   * bitmap holds every row with both words). A first page without a next page is exact whatever
   * the estimate said.
   */
  async function countMatches(): Promise<SearchCount> {
    if (!cursor && !nextCursor) return { value: page.length, capped: false, estimated: false };
    const counts = await Promise.all(
      kinds.map(async (kind) => {
        const { table, extra } = sources[kind];
        const from = Prisma.raw(`"${table}"`);
        const match = hasQuery ? Prisma.sql`, ${query} q WHERE x."search" @@ q AND` : Prisma.sql`WHERE`;
        const matches = Prisma.sql`SELECT 1 FROM ${from} x ${match} ${where} ${extra}`;
        const [plan] = await run<{ "QUERY PLAN": { Plan: { "Plan Rows": number } }[] }[]>(Prisma.sql`EXPLAIN (FORMAT JSON) ${matches}`);
        const estimate = Math.round(plan["QUERY PLAN"][0].Plan["Plan Rows"]);
        if (estimate > bounds.estimateAbove) return { n: estimate, estimated: true };
        const counting = Prisma.sql`SELECT count(*)::int AS "n" FROM (${matches} LIMIT ${bounds.count + 1}) c`;
        options.trace?.push(counting);
        const rows = await queryWithin<{ n: number }[]>(bounds.countMs, counting);
        // Out of time: the planner misjudged (a phrase, a word pair) and there are many more.
        return rows ? { n: rows[0].n, estimated: false } : { n: estimate, estimated: true };
      }),
    );
    const value = counts.reduce((a, c) => a + c.n, 0);
    // An estimate is never below what this page already shows.
    if (counts.some((c) => c.estimated)) return { value: Math.max(value, page.length + (nextCursor ? 1 : 0)), capped: false, estimated: true };
    return value > bounds.count ? { value: bounds.count, capped: true, estimated: false } : { value, capped: false, estimated: false };
  }
}
