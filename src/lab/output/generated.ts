import type { Pooled, TeamOutcome } from "../generate/pooled";

// The generated teams' table (stdout and --md): one line per team, then the pooled figures. Pure.

const pct = (x: number | null) => (x === null ? "—" : `${Math.round(x * 100)}%`);
const signed = (x: number | null, digits = 0) => (x === null ? "—" : `${x >= 0 ? "+" : "−"}${Math.abs(x).toFixed(digits)}`);

export function generatedTable(teams: readonly TeamOutcome[], p: Pooled, run: { seed: number; weeks: number; tasksPerWeek: number }): string {
  const head = ["team", "acceptance wk 1 → last", "gain (band)", "rating gain", "versions", "preferences and owner"];
  const rows = teams.map((t) => [
    t.name,
    `${pct(t.acceptance.first)} → ${pct(t.acceptance.last)}`,
    `${signed(t.acceptance.gain)} (±${t.noiseBand === null ? "—" : Math.round(t.noiseBand)})${t.regressed ? " ✖" : ""}`,
    signed(t.rating.gain, 2),
    String(t.versionsApproved),
    t.summary,
  ]);
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) => cells.map((c, i) => (i === 0 || i === 5 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join("  ").trimEnd();
  const share = p.shareGaining15 === null ? "—" : `${Math.round(p.shareGaining15 * 100)}%`;
  return [
    `${p.teams} generated teams (seed ${run.seed}), ${run.weeks} weeks × ${run.tasksPerWeek} tickets, built-in models`,
    line(head),
    line(widths.map((w) => "─".repeat(w))),
    ...rows.map(line),
    "",
    `decision model, newest week predicted from the weeks before (pooled over every fit): ${Object.entries(p.heldOut).map(([k, h]) => `${k} ${Math.round(h.accuracy * 100)}% right of ${h.rows} (majority guess ${Math.round(h.baseline * 100)}%, calibration error ${h.calibrationError.toFixed(2)})`).join("; ") || "no held-out week"}`,
    `pooled: mean acceptance gain ${signed(p.meanAcceptanceGain, 1)} points; ${share} of teams gain ≥ 15 points; mean rating gain ${signed(p.meanRatingGain, 3)}; ${p.regressed} team${p.regressed === 1 ? "" : "s"} below week 1 by more than the noise band; ${p.meanVersionsApproved} versions approved per team on average`,
  ].join("\n");
}
