import { describe, expect, it } from "vitest";
import { decisionSignals, fitDecisionModel, ratingSignals, scoreProposal, type DecisionRow, type RatingRow } from "@/features/decision-model/fit";
import { signalLine } from "@/features/decision-model/describe";
import { checklistProperties, estimateProperties, reportProperties } from "@/features/decision-model/properties";
import { benjaminiHochberg } from "@/features/decision-model/stats";
import { wilsonInterval } from "@/lib/interval";
import { mulberry32 } from "@/lib/random";
import { fisherExact } from "@/lib/tests-of-counts";

// Seeded, so every figure below is the same on every run.
const rng = mulberry32;
const DAY = 86_400_000;
const start = Date.UTC(2026, 0, 5);

/** Checklists of 1–9 items; a reviewer rejects more than `limit` (with `noise` of verdicts a coin toss). */
function checklistRows(n: number, limit: number, seed: number, noise = 0.1): DecisionRow[] {
  const r = rng(seed);
  return Array.from({ length: n }, (_, i) => {
    const items = 1 + Math.floor(r() * 9);
    const confirmed = r() < noise ? r() < 0.5 : items <= limit;
    return { kind: "checklist" as const, properties: checklistProperties(Array.from({ length: items }, (_, k) => `Step ${k}`)), confirmed, reviewerId: "maya", at: new Date(start + Math.floor((i / n) * 56) * DAY) };
  });
}

describe("statistics", () => {
  it("Fisher's exact test matches the textbook tea-tasting figure", () => {
    // Fisher's lady tasting tea: [[3, 1], [1, 3]] → two-sided p = 0.4857.
    expect(fisherExact(3, 1, 1, 3)).toBeCloseTo(0.4857, 3);
    expect(fisherExact(10, 0, 0, 10)).toBeLessThan(1e-4);
  });
  it("Benjamini–Hochberg adjusts in rank order", () => {
    expect(benjaminiHochberg([0.01, 0.04, 0.03, 0.5]).map((q) => Number(q.toFixed(3)))).toEqual([0.04, 0.053, 0.053, 0.5]);
  });
  it("Wilson's interval contains the share and stays in 0–1", () => {
    const { low, high } = wilsonInterval(27, 30)!;
    expect(low).toBeGreaterThan(0.7);
    expect(high).toBeLessThan(1);
  });
});

describe("decision signals", () => {
  it("recovers a reviewer's checklist limit from decisions alone", () => {
    for (const limit of [3, 4, 5, 6]) {
      const signals = decisionSignals(checklistRows(120, limit, limit));
      const items = signals.find((s) => s.property === "checklist.items");
      expect(items, `limit ${limit}`).toMatchObject({ kind: "checklist", test: "atMost", threshold: limit });
    }
  });

  it("says it in words with the counts", () => {
    const [s] = decisionSignals(checklistRows(120, 5, 9, 0));
    expect(signalLine(s!)).toMatch(/^Checklists of at most 5 items: \d+ of \d+ confirmed \(100%, 95% CI \d+%–100%\); of 6 or more items: 0 of \d+ confirmed/);
  });

  it("finds nothing in shuffled verdicts in at least 95 of 100 trials", () => {
    let reported = 0;
    for (let trial = 0; trial < 100; trial++) {
      const rows = checklistRows(80, 5, 1000 + trial);
      const r = rng(trial);
      const verdicts = rows.map((x) => x.confirmed).sort(() => r() - 0.5);
      const estimates = Array.from({ length: 40 }, (_, i) => ({ kind: "estimate" as const, properties: estimateProperties([15, 20, 30, 45, 60, 90][i % 6]!, i % 3 ? "Estimate 30 min: two steps." : "Estimate"), confirmed: r() < 0.6, reviewerId: null, at: new Date(start) }));
      if (decisionSignals([...rows.map((x, i) => ({ ...x, confirmed: verdicts[i]! })), ...estimates]).length) reported++;
    }
    expect(reported).toBeLessThanOrEqual(5);
  });

  it("finds the rounding unit confirmed estimates share", () => {
    const r = rng(3);
    const rows: DecisionRow[] = Array.from({ length: 90 }, () => {
      const minutes = [10, 15, 20, 25, 30, 40, 45, 60, 75, 90, 120][Math.floor(r() * 11)]!;
      return { kind: "estimate", properties: estimateProperties(minutes, "Estimate: two steps."), confirmed: minutes % 30 === 0, reviewerId: null, at: new Date(start) };
    });
    const best = decisionSignals(rows).find((s) => s.property.startsWith("estimate.round"));
    expect(best).toMatchObject({ property: "estimate.round30", test: "is" });
  });

  it("scores held-out decisions well above the majority guess", () => {
    const model = fitDecisionModel(checklistRows(300, 4, 77, 0.1), []);
    expect(model.heldOut).not.toBeNull();
    expect(model.heldOut!.accuracy).toBeGreaterThanOrEqual(0.8);
    expect(model.heldOut!.accuracy).toBeGreaterThan(model.heldOut!.baseline);
    expect(scoreProposal(model, "checklist", checklistProperties(["a", "b", "c"]))).toBeGreaterThan(0.8);
    expect(scoreProposal(model, "checklist", checklistProperties(["a", "b", "c", "d", "e", "f", "g"]))).toBeLessThan(0.2);
  });
});

describe("rating signals", () => {
  it("finds the report length people rate higher", () => {
    const r = rng(5);
    const rows: RatingRow[] = Array.from({ length: 60 }, () => {
      const n = 2 + Math.floor(r() * 8);
      const text = Array.from({ length: n }, (_, i) => `Sentence number ${i} is here.`).join(" ");
      return { properties: reportProperties(text), rating: (n <= 4 ? 0.85 : 0.45) + (r() - 0.5) * 0.1, at: new Date(start) };
    });
    const s = ratingSignals(rows).find((x) => x.property === "report.sentences");
    expect(s).toMatchObject({ test: "atMost", threshold: 4 });
  });
});
