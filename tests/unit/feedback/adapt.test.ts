import { describe, expect, it } from "vitest";
import { adaptationTerms, classifyWithAdaptation, trainAdaptation } from "@/features/feedback/classifier/adapt";
import { classifyFeedbackText } from "@/features/feedback/classifier/model";

describe("the workspace adaptation (classifier/adapt.ts)", () => {
  const corrections = [
    { text: "Yes, go ahead.", sentiment: "positive", category: "timeliness" },
    { text: "Yes.", sentiment: "positive", category: "timeliness" },
    { text: "Bulk: not relevant any more", source: "rejection", sentiment: "neutral", category: "general" },
  ] as const;

  it("changes the label of texts like the corrected ones and not of unrelated ones", () => {
    const adaptation = trainAdaptation([...corrections]);
    expect(classifyWithAdaptation(adaptation, "yes go ahead please")).toMatchObject({ sentiment: "positive", category: "timeliness" });
    expect(classifyWithAdaptation(adaptation, "Bulk: not relevant any more.", "rejection")).toMatchObject({ sentiment: "neutral", category: "general" });
    for (const unrelated of ["The estimate was off by two hours.", "Great summary, thanks!", "Why were the P4s handled before the P1?"]) {
      expect(classifyWithAdaptation(adaptation, unrelated)).toEqual(classifyFeedbackText(unrelated));
    }
  });

  it("is the shipped model without an adaptation, and pure: same corrections, same adaptation, JSON round trip included", () => {
    expect(classifyWithAdaptation(null, "Yes.")).toEqual(classifyFeedbackText("Yes."));
    const a = trainAdaptation([...corrections], { seed: 1 });
    expect(trainAdaptation([...corrections], { seed: 1 })).toEqual(a);
    const copy = JSON.parse(JSON.stringify(a));
    expect(classifyWithAdaptation(copy, "yes go ahead please")).toEqual(classifyWithAdaptation(a, "yes go ahead please"));
  });

  it("keeps the newest correction of a text", () => {
    const adaptation = trainAdaptation([...corrections, { text: "yes, go ahead", sentiment: "neutral", category: "general" }]);
    expect(classifyWithAdaptation(adaptation, "Yes, go ahead.")).toMatchObject({ sentiment: "neutral", category: "general" });
    expect(adaptationTerms("Yes, go ahead.")).toEqual(["ahead", "go", "go ahead", "yes", "yes go"]);
  });
});
