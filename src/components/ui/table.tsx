import type { HTMLAttributes, ReactNode, TdHTMLAttributes } from "react";
import { cn } from "@/lib/cn";

type DataAttributes = { [attribute: `data-${string}`]: string | number | undefined };

export type Column<Row> = {
  /** Header text, or a node (e.g. a visually hidden label). */
  header: ReactNode;
  cell: (row: Row) => ReactNode;
  align?: "right";
  /** Horizontal padding of this column when it differs from the table's (edge columns of a compact table). */
  padX?: string;
  /** Extra classes of the body cells: colour, wrapping, numerals, a row header's font weight. */
  className?: string;
  /** Attributes of one body cell (title, data-testid). */
  cellProps?: (row: Row) => TdHTMLAttributes<HTMLTableCellElement> & DataAttributes;
  /** The cell names its row: rendered as <th scope="row">. */
  rowHeader?: boolean;
};

const heads = {
  border: "border-b border-zinc-100 text-left text-xs uppercase tracking-wide text-zinc-500",
  shaded: "bg-zinc-50 text-left text-xs uppercase tracking-wide text-zinc-500",
  plain: "text-left text-xs uppercase tracking-wide text-zinc-500",
  hidden: "sr-only",
} as const;

/** Cell padding: horizontal (first and last column: `edge`), header row, body rows. */
const paddings: Record<"page" | "card" | "compact" | "dashboard", { x: string; edge?: string; head: string; cell: string }> = {
  /** A list page's table. */
  page: { x: "px-5", head: "py-3", cell: "py-3" },
  /** A table under a card's header. */
  card: { x: "px-5", head: "py-2", cell: "py-3" },
  /** Dense numbers (runs, iterations). */
  compact: { x: "px-3", head: "py-2", cell: "py-2" },
  /** Dense, and the outer columns aligned with the card's own inset. */
  dashboard: { x: "px-3", edge: "px-5", head: "py-2", cell: "py-2" },
};

/**
 * The app's tables: one row per item, the columns declared once (header, cell, alignment,
 * padding), so every list looks alike. Paddings are Tailwind classes: a preset (`pad`), the
 * header's or the body's own where a table differs (`headY`, `cellY`), a column's `padX`.
 */
export function DataTable<Row>({
  rows,
  columns,
  rowKey,
  rowTestId,
  rowProps,
  head = "border",
  pad = "page",
  headY = paddings[pad].head,
  cellY = paddings[pad].cell,
  divided = true,
  caption,
  srOnly = false,
  testId,
}: {
  rows: readonly Row[];
  columns: Column<Row>[];
  rowKey: (row: Row) => string | number;
  /** data-testid of every body row. */
  rowTestId?: string;
  /** Other attributes of a body row (data-*, className). */
  rowProps?: (row: Row) => HTMLAttributes<HTMLTableRowElement> & DataAttributes;
  /** The header row's look; "none" leaves it out. */
  head?: keyof typeof heads | "none";
  pad?: keyof typeof paddings;
  headY?: string;
  cellY?: string;
  /** Lines between the body rows. */
  divided?: boolean;
  /** Read by screen readers only. */
  caption?: ReactNode;
  /** The whole table is for screen readers (a chart's numbers). */
  srOnly?: boolean;
  testId?: string;
}) {
  const { x, edge = x } = paddings[pad];
  const padOf = (c: Column<Row>, i: number) => c.padX ?? (i === 0 || i === columns.length - 1 ? edge : x);
  const table = (
    <table className="w-full text-sm" data-testid={testId}>
      {caption ? <caption className="sr-only">{caption}</caption> : null}
      {head === "none" ? null : (
        <thead className={heads[head]}>
          <tr>
            {columns.map((c, i) => (
              <th key={i} scope="col" className={cn(padOf(c, i), headY, c.align === "right" && "text-right", "font-medium")}>
                {c.header}
              </th>
            ))}
          </tr>
        </thead>
      )}
      <tbody className={divided ? "divide-y divide-zinc-100" : undefined}>
        {rows.map((row) => (
          <tr key={rowKey(row)} data-testid={rowTestId} {...rowProps?.(row)}>
            {columns.map((c, i) => {
              const Cell = c.rowHeader ? "th" : "td";
              return (
                <Cell
                  key={i}
                  scope={c.rowHeader ? "row" : undefined}
                  className={cn(padOf(c, i), cellY, c.rowHeader && "text-left", c.align === "right" && "text-right", c.className)}
                  {...c.cellProps?.(row)}
                >
                  {c.cell(row)}
                </Cell>
              );
            })}
          </tr>
        ))}
      </tbody>
    </table>
  );
  // A table is never narrower than its content, so "sr-only" goes on a wrapper (on the table itself
  // it would still widen the page).
  if (srOnly) return <div className="sr-only">{table}</div>;
  // Every table scrolls sideways inside its card instead of widening it: a phone is narrower than most.
  return <div className="overflow-x-auto">{table}</div>;
}
