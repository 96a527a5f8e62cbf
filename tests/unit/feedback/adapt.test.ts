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
      const base = classifyFeedbackText(unrelated);
      const adapted = classifyWithAdaptation(adaptation, unrelated);
      expect({ sentiment: adapted.sentiment, category: adapted.category }).toEqual({ sentiment: base.sentiment, category: base.category });
      // Only the features it shares with the corrections move (a common word, the length): barely.
      expect(Math.abs(adapted.confidence - base.confidence)).toBeLessThan(0.05);
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

  it("learns the team's own words: texts that share them change, near-duplicates or not", () => {
    // "zorbled" is nobody's word but this team's: the shipped model has never seen it.
    const team = [
      "The import got zorbled again.",
      "Zorbled the attachments, had to redo it.",
      "Half the rows came back zorbled.",
      "Zorbled export, nobody could open it.",
      "It zorbled the PDF once more.",
    ].map((text) => ({ text, sentiment: "negative" as const, category: "tooling" as const }));
    const adaptation = trainAdaptation(team);
    for (const unseen of ["Got zorbled.", "Zorbled again today."]) {
      expect(classifyFeedbackText(unseen)).not.toMatchObject({ sentiment: "negative", category: "tooling" });
      expect(classifyWithAdaptation(adaptation, unseen)).toMatchObject({ sentiment: "negative", category: "tooling" });
    }
  });

  it("still reads an adaptation stored before the weights (version 1: the neighbours' vote)", () => {
    const v1 = { version: 1, kind: "neighbours", threshold: 0.4, examples: [{ terms: adaptationTerms("Yes, go ahead."), sentiment: "positive", category: "timeliness" }] };
    expect(classifyWithAdaptation(v1, "yes go ahead please")).toMatchObject({ sentiment: "positive", category: "timeliness" });
    expect(() => classifyWithAdaptation({ version: 3 }, "Yes.")).toThrow();
  });
});
