import { describe, expect, it } from "vitest";
import { compareSourceTypes, kindTotals, SIGNAL_SOURCE_TYPES, sourceKind, sourceLabel, WRITTEN_SOURCE_TYPES } from "@/features/feedback/source-kind";

describe("source kinds", () => {
  it("written: observations and reasons; signals: decisions, ratings, report confidence, quality scores", () => {
    expect(WRITTEN_SOURCE_TYPES).toEqual(["observation", "reason"]);
    expect(SIGNAL_SOURCE_TYPES).toEqual(["decision", "rating", "report_confidence", "quality_score"]);
    expect(WRITTEN_SOURCE_TYPES.map(sourceKind)).toEqual(["written", "written"]);
    expect(SIGNAL_SOURCE_TYPES.map(sourceKind)).toEqual(["signal", "signal", "signal", "signal"]);
  });

  it("labels each source type in plain words; a missing or unknown one is a signal without a label", () => {
    expect([...WRITTEN_SOURCE_TYPES, ...SIGNAL_SOURCE_TYPES].map(sourceLabel)).toEqual(["Agent observation", "Reason given", "Decision", "Run rating", "Report confidence", "Quality score"]);
    for (const t of [undefined, null, "", "something_new"]) {
      expect(sourceKind(t)).toBe("signal");
      expect(sourceLabel(t)).toBeNull();
    }
  });

  it("sums per-source counts per kind; orders written sources first, unknown ones last", () => {
    const bySource = [
      { sourceType: "rating", positive: 2, negative: 1, neutral: 0 },
      { sourceType: "observation", positive: 1, negative: 4, neutral: 2 },
      { sourceType: "other", positive: 0, negative: 1, neutral: 0 },
      { sourceType: "reason", positive: 0, negative: 3, neutral: 0 },
    ];
    expect(kindTotals(bySource)).toEqual({ written: { items: 10, positive: 1, negative: 7, neutral: 2 }, signal: { items: 4, positive: 2, negative: 2, neutral: 0 } });
    expect(bySource.map((s) => s.sourceType).sort(compareSourceTypes)).toEqual(["observation", "reason", "rating", "other"]);
  });
});
