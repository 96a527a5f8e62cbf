import { describe, expect, it } from "vitest";
import { armOf } from "@/features/probation/assign";
import { describeEffect, harmFound, measureProbation, type ArmSample, type RunSample } from "@/features/probation/effect";
import { normalCdf } from "@/lib/tests-of-counts";
import { judgeProbation } from "@/features/probation/outcome";
import { mulberry32 } from "@/lib/random";

const run = (confirmed: number, rejected: number, rating: number | null = null, quality: number | null = null, tokens = 1000): RunSample => ({ confirmed, rejected, rating, quality, tokens });
const arm = (runs: RunSample[], resolveMs: number[] = []): ArmSample => ({ runs, resolveMs });
const times = <T,>(n: number, f: (i: number) => T) => Array.from({ length: n }, (_, i) => f(i));

describe("arm assignment", () => {
  const ids = times(10_000, (i) => `cmagent${String(i).padStart(6, "0")}x`);

  it("is stable per agent and honours the share", () => {
    const arms = ids.map((id) => armOf("prob-1", id, 0.2));
    expect(ids.map((id) => armOf("prob-1", id, 0.2))).toEqual(arms);
    const baseline = arms.filter((a) => a === "baseline").length / ids.length;
    expect(baseline).toBeGreaterThan(0.185);
    expect(baseline).toBeLessThan(0.215);
    expect(ids.filter((id) => armOf("prob-1", id, 0.5) === "baseline").length / ids.length).toBeCloseTo(0.5, 1);
    expect(ids.every((id) => armOf("prob-1", id, 0) === "candidate")).toBe(true);
  });

  it("deals the arms afresh for another probation", () => {
    const moved = ids.filter((id) => armOf("prob-1", id, 0.2) !== armOf("prob-2", id, 0.2)).length / ids.length;
    // Independent draws: 2 × 0.2 × 0.8 = 32% change arm.
    expect(moved).toBeGreaterThan(0.28);
    expect(moved).toBeLessThan(0.36);
  });
});

describe("the effect of a version on probation", () => {
  it("is exact on arms whose runs are alike, with the interval collapsed on it", () => {
    const candidate = arm(times(10, () => run(3, 1, 0.8, 0.9, 1200)), [2 * 3_600_000, 2 * 3_600_000]);
    const baseline = arm(times(5, () => run(1, 1, 0.6, 0.85, 1000)), [5 * 3_600_000]);
    const e = measureProbation(candidate, baseline, 1);
    const by = Object.fromEntries(e.metrics.map((m) => [m.metric, m]));
    expect(e.runs).toEqual({ candidate: 10, baseline: 5 });
    expect(by.acceptance).toMatchObject({ candidate: 0.75, baseline: 0.5, n: { candidate: 40, baseline: 10 }, diff: { value: 0.25, low: 0.25, high: 0.25 } });
    expect(by.rating).toMatchObject({ candidate: 0.8, baseline: 0.6, diff: { value: 0.2, low: 0.2, high: 0.2 } });
    expect(by.quality!.diff).toEqual({ value: 0.05, low: 0.05, high: 0.05 });
    expect(by.timeToDone).toMatchObject({ n: { candidate: 2, baseline: 1 }, diff: { value: -3 * 3_600_000 } });
    expect(by.tokens!.diff).toEqual({ value: 200, low: 200, high: 200 });
    expect(describeEffect(by.acceptance!)).toBe("acceptance +25 points (95% CI +25 to +25), 40 vs 10 decisions");
    expect(describeEffect(by.timeToDone!)).toBe("time to done −3.0 h (95% CI −3.0 h to −3.0 h), 2 vs 1 done task");
    // A better candidate is never "harm".
    expect(e.harm).toEqual([]);
  });

  it("gives an interval that covers the difference on noisy arms, the same for the same seed", () => {
    const next = mulberry32(7);
    const noisy = (p: number, n: number) => arm(times(n, () => run(next() < p ? 1 : 0, 0) as RunSample).map((r) => (r.confirmed ? r : run(0, 1))));
    const [c, b] = [noisy(0.7, 200), noisy(0.5, 200)];
    const e = measureProbation(c, b, 3);
    const acc = e.metrics.find((m) => m.metric === "acceptance")!;
    expect(acc.diff!.low).toBeLessThan(acc.diff!.value);
    expect(acc.diff!.high).toBeGreaterThan(acc.diff!.value);
    expect(acc.diff!.low).toBeGreaterThan(0);
    expect(measureProbation(c, b, 3)).toEqual(e);
  });

  it("uses the normal approximation on large arms, and it covers the difference", () => {
    const next = mulberry32(11);
    const noisy = (p: number, n: number) => arm(times(n, () => ((k) => run(k, 2 - k, null))((next() < p ? 1 : 0) + (next() < p ? 1 : 0))));
    const acc = measureProbation(noisy(0.7, 3_000), noisy(0.5, 2_500), 1).metrics.find((m) => m.metric === "acceptance")!;
    // Two decisions per run: sd of the difference ≈ √(0.21/6000 + 0.25/5000) ≈ 0.0092, half-width ≈ 0.018.
    expect(acc.diff!.low).toBeLessThan(0.2);
    expect(acc.diff!.high).toBeGreaterThan(0.2);
    expect(acc.diff!.high - acc.diff!.low).toBeGreaterThan(0.03);
    expect(acc.diff!.high - acc.diff!.low).toBeLessThan(0.042);
  });

  it("says when an arm has no data yet", () => {
    const e = measureProbation(arm([run(1, 0, 0.9)]), arm([run(0, 0)]), 1);
    expect(describeEffect(e.metrics.find((m) => m.metric === "acceptance")!)).toBe("acceptance: not enough data yet (1 vs 0 decisions)");
    expect(e.metrics.every((m) => m.sequential === null)).toBe(true);
  });
});

describe("the sequential test, by simulation (seeded)", () => {
  it("uses the normal distribution", () => {
    expect(normalCdf(0)).toBeCloseTo(0.5, 7);
    expect(normalCdf(1.959964)).toBeCloseTo(0.975, 6);
    expect(normalCdf(-1.644854)).toBeCloseTo(0.05, 6);
  });

  /** One probation watched after every 5 runs up to `total`: the run count at which harm was found, or null. */
  function watch(seed: number, pCandidate: number, pBaseline: number, total: number, share = 0.2): number | null {
    const next = mulberry32(seed);
    const c: RunSample[] = [];
    const b: RunSample[] = [];
    for (let i = 1; i <= total; i++) {
      const baselineArm = next() < share;
      const p = baselineArm ? pBaseline : pCandidate;
      // Two decisions and a rating per run.
      const confirmed = (next() < p ? 1 : 0) + (next() < p ? 1 : 0);
      (baselineArm ? b : c).push(run(confirmed, 2 - confirmed, Math.min(1, Math.max(0, p + (next() - 0.5) * 0.4)), 0.9));
      if (i % 5 === 0 && harmFound(arm(c), arm(b)).length) return i;
    }
    return null;
  }

  it("raises at most 5% false alarms on a harmless version, looked at after every 5 runs", () => {
    const alarms = times(200, (s) => watch(1_000 + s, 0.6, 0.6, 300)).filter((x) => x !== null).length;
    expect(alarms / 200).toBeLessThanOrEqual(0.05);
  });

  it("catches a clearly harmful version (acceptance 40% vs 70%) within 300 runs almost always", () => {
    const found = times(100, (s) => watch(5_000 + s, 0.4, 0.7, 300));
    expect(found.filter((x) => x !== null).length).toBeGreaterThanOrEqual(95);
  });
});

describe("a probation's verdict", () => {
  const window = { startedAt: new Date("2026-11-01T00:00:00Z"), minDays: 7, minRuns: 30 };
  const at = (days: number) => new Date(window.startedAt.getTime() + days * 86_400_000);
  const effects = (candidate: number, baseline: number, harm: ReturnType<typeof measureProbation>["harm"] = []) => ({ runs: { candidate, baseline }, metrics: [], harm });

  it("runs until both the days and the runs per arm are there, whichever is later", () => {
    expect(judgeProbation(window, effects(200, 40), at(6))).toEqual({ status: "running" });
    expect(judgeProbation(window, effects(200, 29), at(10))).toEqual({ status: "running" });
    expect(judgeProbation(window, effects(200, 30), at(7))).toMatchObject({ status: "graduated", note: expect.stringMatching(/^No harm found in 7 days/) });
  });

  it("graduates with what there is after four windows, and says so", () => {
    expect(judgeProbation(window, effects(50, 3), at(28))).toMatchObject({ status: "graduated", note: expect.stringMatching(/window ended after 28 days with fewer than 30 runs/) });
  });

  it("ends at once when harm is found, whatever the window", () => {
    expect(judgeProbation(window, effects(20, 8, ["acceptance"]), at(1))).toMatchObject({ status: "harm_detected", note: expect.stringMatching(/^Worse than the previous version/) });
  });
});
