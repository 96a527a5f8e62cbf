import type { Count, DecisionSignal, HeldOut, RatingSignal, SplitTest } from "./fit";
import { PROPERTY_INFO } from "./properties";
import { wilsonInterval } from "@/lib/interval";

// The decision model in the words a team lead reads at a glance, with the counts behind each
// statement: "Checklists of at most 5 items: 27 of 30 confirmed (90%); of 6 or more: 2 of 31 (6%)".
// The same lines go into the improver's context. Pure.

const pct = (x: number) => `${Math.round(x * 100)}%`;

/** "of at most 5 items", "of 6 or more items", "with a reason", "without a reason". */
export function sideWords(property: string, test: SplitTest, threshold: number | null): string {
  const info = PROPERTY_INFO[property];
  const label = info?.label ?? property;
  if (test === "is") return label;
  if (test === "isNot") return info?.negative || `not ${label}`;
  const t = threshold!;
  const whole = Number.isInteger(t);
  if (t === 0) return test === "atMost" ? `with no ${label}` : `with 1 or more ${label}`;
  return test === "atMost" ? `of at most ${t} ${label}` : whole ? `of ${t + 1} or more ${label}` : `of more than ${t} ${label}`;
}

const opposite = (test: SplitTest): SplitTest => ({ atMost: "moreThan", moreThan: "atMost", is: "isNot", isNot: "is" })[test] as SplitTest;

const share = (c: Count) => {
  const { low, high } = wilsonInterval(c.confirmed, c.total) ?? { low: 0, high: 1 };
  return `${c.confirmed} of ${c.total} confirmed (${pct(c.confirmed / c.total)}, 95% CI ${pct(low)}–${pct(high)})`;
};

export function subjectOf(property: string): string {
  return PROPERTY_INFO[property]?.subject ?? "Outputs";
}

/** One line per signal: the accepted side first. */
export function signalLine(s: Pick<DecisionSignal, "property" | "test" | "threshold" | "accepted" | "other">): string {
  return `${subjectOf(s.property)} ${sideWords(s.property, s.test, s.threshold)}: ${share(s.accepted)}; ${sideWords(s.property, opposite(s.test), s.threshold)}: ${share(s.other)}.`;
}

export function ratingLine(s: Pick<RatingSignal, "property" | "test" | "threshold" | "better" | "other">): string {
  const mean = (m: { mean: number; n: number }) => `mean rating ${m.mean.toFixed(2)} over ${m.n} run${m.n === 1 ? "" : "s"}`;
  return `${subjectOf(s.property)} ${sideWords(s.property, s.test, s.threshold)}: ${mean(s.better)}; ${sideWords(s.property, opposite(s.test), s.threshold)}: ${mean(s.other)}.`;
}

/** "Predicts last week's decisions 84% right (always guessing the usual verdict: 61%)". */
export function qualityLine(h: HeldOut | null): string {
  if (!h) return "Not enough decisions yet to check its predictions on a week it has not seen.";
  return `Predicts the newest week's ${h.rows} decisions ${pct(h.accuracy)} right (always guessing the usual verdict: ${pct(h.baseline)}); calibration error ${h.calibrationError.toFixed(2)}.`;
}
