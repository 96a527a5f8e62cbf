import { scoreProposal, scoreReport, type DecisionModel } from "./fit";
import { proposalProperties, reportProperties, type ChecklistState } from "./properties";

// What the decision model expects of a replay: the runs played again with the head and with a
// candidate, each side's proposals scored (expected share confirmed) and each side's report
// scored (expected rating). This is what lets the replay check see a change people have not
// decided on yet — an altered checklist, a shorter report — instead of counting it as nothing.
// An expectation, not a measurement: it holds only as far as the model's signals do. Pure.

type Output = { proposals: { tool: string; args: unknown; summary: string }[]; report: { markdown: string } | null } | null;
export type ReplayedRun = { head: Output; candidate: Output; checklist: ChecklistState | null };

export type Side = { head: number; candidate: number; n: number };
export type ReplayPrediction = {
  /** Expected share of the proposals people would confirm (over the proposals each side made). */
  acceptance: Side | null;
  /** Expected mean rating of the runs (over the runs with a report on both sides). */
  rating: Side | null;
};

function acceptanceOf(model: Pick<DecisionModel, "models">, output: Output, checklist: ChecklistState | null): number[] {
  return (output?.proposals ?? []).flatMap((p) => {
    const read = proposalProperties(p.tool, p.args, p.summary, checklist);
    const score = read && scoreProposal(model, read.kind, read.properties);
    return score === null || score === undefined ? [] : [score];
  });
}

const mean = (xs: number[]) => xs.reduce((s, x) => s + x, 0) / xs.length;
const round = (x: number) => Math.round(x * 1000) / 1000;

export function predictReplay(model: DecisionModel, runs: readonly ReplayedRun[]): ReplayPrediction {
  const head = runs.flatMap((r) => acceptanceOf(model, r.head, r.checklist));
  const candidate = runs.flatMap((r) => acceptanceOf(model, r.candidate, r.checklist));
  const rated = model.ratingSignals.length
    ? runs.flatMap((r) => {
        if (!r.head?.report || !r.candidate?.report) return [];
        const h = scoreReport(model, reportProperties(r.head.report.markdown));
        const c = scoreReport(model, reportProperties(r.candidate.report.markdown));
        return h === null || c === null ? [] : [{ h, c }];
      })
    : [];
  return {
    acceptance: head.length && candidate.length ? { head: round(mean(head)), candidate: round(mean(candidate)), n: candidate.length } : null,
    rating: rated.length ? { head: round(mean(rated.map((x) => x.h))), candidate: round(mean(rated.map((x) => x.c))), n: rated.length } : null,
  };
}
