import type { LabResult } from "../result";
import { decimal, percent, versions } from "./format";

// The weekly table printed at the end of a run (stdout), fixed-width for a terminal. Pure.

export function weeklyTable(result: LabResult): string {
  const head = ["week", "agents on", "tasks", "proposals", "accepted", "rejected", "acceptance", "mean rating", "ritual", "approved"];
  const rows = result.weeks.map((w) => [
    String(w.week),
    `v${w.version}`,
    String(w.tasks),
    String(w.proposals),
    String(w.accepted),
    String(w.rejected),
    percent(w.acceptanceRate),
    decimal(w.meanRating),
    w.ritual ? `${w.ritual.status}${w.ritual.proposals ? ` (${w.ritual.proposals} proposal${w.ritual.proposals === 1 ? "" : "s"})` : ""}` : "—",
    versions(w.versionsApproved),
  ]);
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  // Numbers right-aligned, words left-aligned.
  const left = new Set([8]);
  const line = (cells: string[]) => cells.map((c, i) => (left.has(i) ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join("  ").trimEnd();
  return [line(head), line(widths.map((w) => "─".repeat(w))), ...rows.map(line)].join("\n");
}
