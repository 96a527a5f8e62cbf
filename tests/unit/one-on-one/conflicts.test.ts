import { describe, expect, it } from "vitest";
import { describeConflict, detectConflicts, pairKeyOf, rulingText } from "@/features/one-on-one/conflicts";
import { fisherExact } from "@/lib/tests-of-counts";

// Reference p-values from scipy.stats.fisher_exact (two-sided).
describe("fisherExact", () => {
  it.each([
    [[9, 1, 1, 8], 0.001093333910671372],
    [[5, 0, 0, 5], 0.007936507936507938],
    [[8, 2, 3, 7], 0.06977851869492736],
    [[6, 0, 1, 5], 0.015151515151515154],
    [[3, 3, 3, 3], 1],
  ] as const)("%j → %f", ([a, b, c, d], p) => {
    expect(fisherExact(a, b, c, d)).toBeCloseTo(p, 10);
  });

  it("is symmetric in the reviewers' order", () => {
    expect(fisherExact(1, 8, 9, 1)).toBeCloseTo(fisherExact(9, 1, 1, 8), 12);
  });
});

describe("detectConflicts", () => {
  const tally = (userId: string, confirmed: number, rejected: number, tool = "propose_status") => ({ tool, userId, confirmed, rejected });

  it("finds a pair that disagrees systematically, the confirming reviewer first", () => {
    const [conflict, ...rest] = detectConflicts([tally("ben", 1, 8), tally("ana", 9, 1)]);
    expect(rest).toEqual([]);
    expect(conflict).toMatchObject({ tool: "propose_status", pairKey: "ana:ben", reviewers: [{ userId: "ana", confirmed: 9, rejected: 1 }, { userId: "ben", confirmed: 1, rejected: 8 }] });
    expect(conflict!.pValue).toBeCloseTo(0.001093333910671372, 10);
  });

  it("needs 5 decisions from each reviewer", () => {
    expect(detectConflicts([tally("ana", 4, 0), tally("ben", 0, 9)])).toEqual([]);
    expect(detectConflicts([tally("ana", 5, 0), tally("ben", 0, 5)])).toHaveLength(1);
  });

  it("needs a significant difference (1% level), not only a large one", () => {
    // 80% against 30%: 50 points apart, p = 0.07.
    expect(detectConflicts([tally("ana", 8, 2), tally("ben", 3, 7)])).toEqual([]);
  });

  it("needs a large difference, not only a significant one", () => {
    // 95% against 65% over 200 decisions each: p < 0.001 but 30 points apart.
    expect(fisherExact(190, 10, 130, 70)).toBeLessThan(0.001);
    expect(detectConflicts([tally("ana", 190, 10), tally("ben", 130, 70)])).toEqual([]);
  });

  it("compares reviewers within a tool, never across tools", () => {
    expect(detectConflicts([tally("ana", 9, 1, "propose_status"), tally("ben", 1, 8, "propose_estimate")])).toEqual([]);
  });

  it("tests every pair of a tool's reviewers", () => {
    const found = detectConflicts([tally("ana", 9, 1), tally("ben", 1, 8), tally("cy", 10, 0)]);
    expect(found.map((c) => c.pairKey).sort()).toEqual(["ana:ben", "ben:cy"]);
  });
});

describe("words", () => {
  it("says who does what", () => {
    const names: Record<string, string> = { ana: "Ana", ben: "Ben" };
    expect(describeConflict("set_status", [{ userId: "ana", confirmed: 9, rejected: 1 }, { userId: "ben", confirmed: 1, rejected: 8 }], (id) => names[id]!)).toBe(
      "Ana confirmed 9 of 10 set status proposals, Ben rejected 8 of 9.",
    );
    expect(describeConflict("propose_status", [{ userId: "ana", confirmed: 9, rejected: 1 }, { userId: "ben", confirmed: 1, rejected: 8 }], (id) => names[id]!)).toBe(
      "Ana confirmed 9 of 10 proposed status changes, Ben rejected 8 of 9.",
    );
  });

  it("turns a ruling into the improver's rule", () => {
    expect(rulingText("propose_status", "confirm", null)).toBe("Confirm proposed status changes like these: keep making them.");
    expect(rulingText("propose_status", "reject", "Only when the ticket says so.")).toBe("Reject proposed status changes like these: make fewer of them. Only when the ticket says so.");
    expect(rulingText("propose_status", "custom", " Mark done only after a test. ")).toBe("Mark done only after a test.");
  });

  it("keys a pair the same way whatever the order", () => {
    expect(pairKeyOf("b", "a")).toBe(pairKeyOf("a", "b"));
  });
});
