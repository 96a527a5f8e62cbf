import { describe, expect, it } from "vitest";
import { calibrationOf, describeCalibration, gradeHypothesis, type GradeInput, type SideStats } from "@/features/hypotheses/grade";
import { predictionLabel } from "@/features/hypotheses/metrics";
import { statsOf, type RunSample } from "@/features/probation/effect";

// Grading on fixtures whose difference is known: each side's runs decide one proposal each
// (confirmed or rejected), so acceptance is the share confirmed and its interval the textbook one.

const run = (confirmed: boolean): RunSample => ({ confirmed: confirmed ? 1 : 0, rejected: confirmed ? 0 : 1, rating: null, quality: null, tokens: 100 });
function side(confirmed: number, rejected: number, feedback = { n: 0, negative: 0 }): SideStats {
  const runs = [...Array.from({ length: confirmed }, () => run(true)), ...Array.from({ length: rejected }, () => run(false))];
  return { ...statsOf({ runs, resolveMs: [] }), feedback: { n: feedback.n, sum: feedback.negative, sumSq: feedback.negative } };
}
const window = { from: "2026-11-01T00:00:00.000Z", split: "2026-11-08T00:00:00.000Z", to: "2026-11-15T00:00:00.000Z" };
const input = (over: Partial<GradeInput>): GradeInput => ({ metric: "acceptance", direction: "increase", size: 10, method: "probation", candidate: side(80, 20), baseline: side(50, 50), window, ...over });

describe("grading a hypothesis", () => {
  it("confirms a prediction when the interval lies on the predicted side of zero", () => {
    const g = gradeHypothesis(input({}));
    expect(g.outcome).toBe("confirmed");
    expect(g.candidate).toBe(0.8);
    expect(g.baseline).toBe(0.5);
    expect(g.n).toEqual({ candidate: 100, baseline: 100 });
    expect(g.diff!.value).toBe(0.3);
    // 1.96 · √(0.8·0.2/100 + 0.5·0.5/100) = 0.1255 (the delta method over one decision a run is the binomial variance with n − 1).
    expect(g.diff!.low).toBeCloseTo(0.3 - 1.959964 * Math.sqrt((0.16 * 100) / 99 / 100 + (0.25 * 100) / 99 / 100), 3);
    expect(g.predicted).toBe(0.1);
    expect(g.reason).toMatch(/^Moved as predicted: acceptance \+30 \(95% CI \+17 to \+43\), 100 vs 100 decisions; predicted \+10; the new version's arm/);
  });

  it("refutes a prediction whose size the interval rules out, and one that went the other way", () => {
    const flat = gradeHypothesis(input({ candidate: side(510, 490), baseline: side(500, 500) }));
    expect(flat.outcome).toBe("refuted");
    expect(flat.reason).toMatch(/^The predicted change is ruled out/);
    const wrongWay = gradeHypothesis(input({ candidate: side(30, 70) }));
    expect(wrongWay.outcome).toBe("refuted");
  });

  it("is inconclusive when the interval holds both zero and the predicted size, or a side is too small", () => {
    expect(gradeHypothesis(input({ candidate: side(12, 8), baseline: side(10, 10) })).outcome).toBe("inconclusive");
    const small = gradeHypothesis(input({ candidate: side(10, 0), baseline: side(0, 10) }));
    expect(small.outcome).toBe("inconclusive");
    expect(small.reason).toMatch(/^Too little data to grade: 10 vs 10 decisions/);
  });

  it("grades a decrease of the negative feedback share in its own units", () => {
    const g = gradeHypothesis(input({ metric: "negativeFeedback", direction: "decrease", size: 5, method: "before_after", candidate: side(0, 0, { n: 200, negative: 20 }), baseline: side(0, 0, { n: 200, negative: 60 }) }));
    expect(g.outcome).toBe("confirmed");
    expect(g.diff!.value).toBe(-0.2);
    expect(g.reason).toContain("not causal");
    const up = gradeHypothesis(input({ metric: "negativeFeedback", direction: "decrease", size: 5, candidate: side(0, 0, { n: 200, negative: 70 }), baseline: side(0, 0, { n: 200, negative: 60 }) }));
    expect(up.outcome).toBe("refuted");
  });

  it("says what was predicted in words", () => {
    expect(predictionLabel({ metric: "acceptance", tool: "propose_estimate", direction: "increase", size: 10 })).toBe("acceptance of propose_estimate +10 points");
    expect(predictionLabel({ metric: "negativeFeedback", category: "accuracy", direction: "decrease", size: 5 })).toBe("negative accuracy feedback share −5 points");
    expect(predictionLabel({ metric: "timeToDone", direction: "decrease", size: 1.5 })).toBe("time to done −1.50 h");
  });
});

describe("calibration", () => {
  it("is the Brier score of graded predictions, with the hit rate; inconclusive and open ones are not scored", () => {
    const c = calibrationOf([
      { probability: 0.9, outcome: "confirmed" },
      { probability: 0.8, outcome: "refuted" },
      { probability: 0.6, outcome: "confirmed" },
      { probability: 0.7, outcome: "inconclusive" },
      { probability: 0.5, outcome: "open" },
    ]);
    // ((0.1)² + (0.8)² + (0.4)²) / 3 = 0.81 / 3 = 0.27
    expect(c).toEqual({ graded: 3, confirmed: 2, refuted: 1, inconclusive: 1, brier: 0.27, hitRate: 0.667, meanProbability: 0.767 });
    expect(describeCalibration(c)).toBe("Brier 0.27 over 3 graded predictions (hit rate 67%, stated 77% on average; 1 inconclusive)");
    expect(calibrationOf([]).brier).toBeNull();
    expect(describeCalibration(calibrationOf([{ probability: 0.5, outcome: "inconclusive" }]))).toBe("No prediction graded yet (1 inconclusive)");
  });
});
