import { db } from "@/server/db";

// Moves what the services wrote with the real clock onto the simulated calendar: every timestamp
// of the lab's workspace at or after `mark` (a real time taken before the work began) is moved by
// `to − mark`, so a run that really started 40 ms after the mark starts 40 ms after `to`. Only the
// lab's workspace is touched (its rows by "workspaceId", and the workspace row itself). Plain
// UPDATEs, so the database's own triggers follow: the daily rollups move runs and feedback items
// to their simulated day. The tables are found in the schema (every table with a "workspaceId" and
// timestamp columns), so a new table is covered without changing the lab.
//
// What it cannot undo: the change-counter trigger stamps a new counter on every row it moves (the
// rows were written in this step anyway, so windows on counters see the same rows), and a few
// rows that are not the workspace's (outbox events, users) keep the real clock.

type Table = { table: string; columns: string[] };
let tables: Promise<Table[]> | null = null;

function timestampedTables(): Promise<Table[]> {
  tables ??= db.$queryRaw<Table[]>`
    SELECT c.table_name AS "table", array_agg(c.column_name::text ORDER BY c.ordinal_position) AS "columns"
    FROM information_schema.columns c
    WHERE c.table_schema = current_schema()
      AND c.data_type IN ('timestamp without time zone', 'timestamp with time zone')
      AND (c.table_name = 'Workspace' OR EXISTS (
        SELECT 1 FROM information_schema.columns w
        WHERE w.table_schema = c.table_schema AND w.table_name = c.table_name AND w.column_name = 'workspaceId'))
    GROUP BY c.table_name
    ORDER BY c.table_name`;
  return tables;
}

/** Prisma's DateTime columns hold UTC without a zone: compare and shift in that form. */
const utc = (d: Date) => d.toISOString().replace("T", " ").replace("Z", "");
const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** Moves the workspace's rows written since `mark` (real clock) to start at `to` (simulated). */
export async function shiftSince(workspaceId: string, mark: Date, to: Date): Promise<void> {
  const delta = `${to.getTime() - mark.getTime()} milliseconds`;
  const statements = (await timestampedTables()).map(({ table, columns }) => {
    const set = columns.map((c) => `${quote(c)} = CASE WHEN ${quote(c)} >= $2::timestamp THEN ${quote(c)} + $3::interval ELSE ${quote(c)} END`).join(", ");
    const touched = columns.map((c) => `${quote(c)} >= $2::timestamp`).join(" OR ");
    const owner = table === "Workspace" ? `"id"` : `"workspaceId"`;
    return db.$executeRawUnsafe(`UPDATE ${quote(table)} SET ${set} WHERE ${owner} = $1 AND (${touched})`, workspaceId, utc(mark), delta);
  });
  await db.$transaction(statements);
}
