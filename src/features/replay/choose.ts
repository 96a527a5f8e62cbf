// Which candidate version a search keeps (pure): the one whose replay does people the most good —
// rejections avoided minus acceptances lost, plus what the decision model expects of the rest
// (proposals nobody decided on yet: their expected confirmations; the reports: the expected rating
// change over the runs). The proposal as made (the first) is kept unless another does better by
// at least MARGIN — half a decision: the search must not chase the noise of a few replayed runs.

export type ScoredCandidate = {
  label: string;
  directives: string;
  runs: number;
  rejections: number;
  avoided: number;
  acceptances: number;
  lost: number;
  /** Expected share confirmed of each side's proposals (head, candidate); null without a model. */
  expectedAcceptance: { head: number; candidate: number; n: number } | null;
  expectedRating: { head: number; candidate: number; n: number } | null;
};

/** Decisions' worth of good the candidate does on the replayed runs. */
export function candidateScore(c: ScoredCandidate): number {
  const acceptance = c.expectedAcceptance ? (c.expectedAcceptance.candidate - c.expectedAcceptance.head) * c.expectedAcceptance.n : 0;
  const rating = c.expectedRating ? (c.expectedRating.candidate - c.expectedRating.head) * c.expectedRating.n : 0;
  return Math.round((c.avoided - c.lost + acceptance + rating) * 100) / 100;
}

export const MARGIN = 0.5;

export function chooseCandidate(candidates: readonly ScoredCandidate[]): number {
  let best = 0;
  for (let i = 1; i < candidates.length; i++) if (candidateScore(candidates[i]!) > candidateScore(candidates[best]!) + 1e-9) best = i;
  return best > 0 && candidateScore(candidates[best]!) < candidateScore(candidates[0]!) + MARGIN ? 0 : best;
}

const signed = (n: number) => (n > 0 ? `+${n}` : n < 0 ? `−${Math.abs(n)}` : "±0");

/** "at most 5 items: +11 avoided / −1 lost, expected acceptance 62% → 81%". */
export function candidateLine(c: ScoredCandidate): string {
  const parts = [`${signed(c.avoided)} avoided / ${c.lost ? `−${c.lost}` : "0"} lost`];
  if (c.expectedAcceptance) parts.push(`expected acceptance ${Math.round(c.expectedAcceptance.head * 100)}% → ${Math.round(c.expectedAcceptance.candidate * 100)}%`);
  if (c.expectedRating) parts.push(`expected rating ${c.expectedRating.head.toFixed(2)} → ${c.expectedRating.candidate.toFixed(2)}`);
  return `${c.label}: ${parts.join(", ")}`;
}
