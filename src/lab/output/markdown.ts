import { describeCalibration } from "@/features/hypotheses/grade";
import type { LabResult, ReplayResult, VersionResult } from "../result";
import { decimal, percent, versions } from "./format";

// The Markdown report of a run (`--md`): the weekly table, rejections by category week by week,
// and every proposal with its replay check, the owner's decision and its directives. Pure.

const cell = (s: string) => s.replace(/\|/g, "\\|").replace(/\n/g, " ");
const row = (cells: string[]) => `| ${cells.map(cell).join(" | ")} |`;
const table = (head: string[], rows: string[][]) => [row(head), row(head.map(() => "---")), ...rows.map(row)].join("\n");

function replayLine(r: VersionResult["replay"]): string {
  if (!r) return "—";
  if (r.status !== "done") return `the check ${r.status}${"error" in r && r.error ? `: ${r.error}` : ""}`;
  const s = r as ReplayResult;
  if (s.runs === 0) return "no recorded runs in the week before the proposal";
  const parts = [`${s.avoided} of ${s.rejections} rejections avoided${s.changed ? ` (${s.addressed ?? 0} of ${s.changed} made differently address their reason)` : ""}`, `${s.lost} of ${s.acceptances} acceptances lost (kept ${percent(s.keptRate)})`, `${s.newProposals} new proposals`];
  if (s.gate.head !== null && s.gate.candidate !== null) parts.push(`gate ${s.gate.head.toFixed(2)} → ${s.gate.candidate.toFixed(2)}`);
  if (s.tokens.change !== null) parts.push(`tokens ${s.tokens.change >= 0 ? "+" : "−"}${Math.abs(Math.round(s.tokens.change * 100))}%`);
  return `${parts.join(", ")} · ${s.runs} runs replayed`;
}

function versionSection(v: VersionResult): string {
  const title =
    v.status === "initial"
      ? "v1 — the initial directives"
      : `Week ${v.week}, round ${v.round}: ${v.approved ? `approved as v${v.version}` : v.status} (confidence ${decimal(v.confidence)})`;
  const lines = [`### ${title}`, ""];
  if (v.status !== "initial") {
    lines.push(`- Replay check: ${replayLine(v.replay)}`, `- Rationale: ${v.rationale.replace(/\s+/g, " ").trim()}`);
    if (v.ownerReason) lines.push(`- Owner: “${v.ownerReason}”`);
    lines.push("");
  }
  lines.push("```text", v.directives, "```", "");
  return lines.join("\n");
}

export function markdownReport(result: LabResult): string {
  const weeks = result.weeks;
  const categories = [...new Set(weeks.flatMap((w) => Object.keys(w.rejectionsByCategory)))].sort();
  const total = (c: string) => weeks.reduce((n, w) => n + (w.rejectionsByCategory[c] ?? 0), 0);
  categories.sort((a, b) => total(b) - total(a) || a.localeCompare(b));
  return [
    `# Lab run: ${result.team}`,
    "",
    `Seed ${result.seed} · ${weeks.length} weeks · ${result.tasksPerWeek} tickets a week · personas \`${result.personas}\` · ${result.models === "built-in" ? "built-in models" : "the configured provider's models"} · ${(result.durationMs / 1000).toFixed(1)} s`,
    "",
    "## Weeks",
    "",
    table(
      ["week", "agents on", "tasks", "proposals", "accepted", "rejected", "acceptance", "mean rating (rated runs)", "ritual", "approved"],
      weeks.map((w) => [String(w.week), `v${w.version}`, String(w.tasks), String(w.proposals), String(w.accepted), String(w.rejected), percent(w.acceptanceRate), `${decimal(w.meanRating)} (${w.rated})`, w.ritual ? `${w.ritual.status}${w.ritual.note ? `: ${w.ritual.note}` : ""}` : "—", versions(w.versionsApproved)]),
    ),
    "",
    "A version approved at a week's ritual (the Monday after the week) is what the agents run on from the next week.",
    "",
    "## Rejections by category",
    "",
    categories.length ? table(["category", ...weeks.map((w) => `w${w.week}`), "total"], categories.map((c) => [c, ...weeks.map((w) => String(w.rejectionsByCategory[c] ?? 0)), String(total(c))])) : "No rejections.",
    "",
    "## Accepted of proposed, by kind",
    "",
    table(["kind", ...weeks.map((w) => `w${w.week}`)], ["checklist", "estimate", "status"].map((k) => [k, ...weeks.map((w) => `${w.byKind[k]?.accepted ?? 0}/${w.byKind[k]?.proposed ?? 0}`)])),
    "",
    "## Replay check against the next week",
    "",
    result.replayAgreement.checked
      ? table(
          ["version", "replay predicted", "acceptance next week", "agreed"],
          result.replayAgreement.versions.map((v) => [`v${v.version}`, v.predicted, `${v.acceptanceChange >= 0 ? "+" : ""}${Math.round(v.acceptanceChange * 100)} points`, v.agreed ? "yes" : "no"]),
        ) + `\n\n${result.replayAgreement.agreed} of ${result.replayAgreement.checked} approved versions as predicted.`
      : "No approved version with a finished replay check and a following week.",
    "",
    "## Hypotheses",
    "",
    result.hypotheses.length
      ? table(
          ["week", "prediction", "stated", "outcome", "why", "recomputed"],
          result.hypotheses.map((h) => [String(h.week), h.prediction, percent(h.probability), h.outcome, h.reason ?? "—", h.recomputed ? (h.recomputed.agrees ? "agrees" : `differs (${h.recomputed.outcome})`) : "—"]),
        ) +
        `\n\nCalibration: ${describeCalibration(result.calibration)}. Recomputed from the raw rows: ${result.hypothesisRecomputation.agreed} of ${result.hypothesisRecomputation.checked} graded hypotheses agree.`
      : "The improver recorded no prediction.",
    "",
    "## Versions and proposals",
    "",
    ...result.versions.map(versionSection),
  ].join("\n");
}
