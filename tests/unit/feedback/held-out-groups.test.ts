import { describe, expect, it } from "vitest";
import { DEFAULT_FEATURE_OPTIONS } from "@/features/feedback/classifier/features";
import { argmax } from "@/features/feedback/classifier/softmax";
import { vectorsOf } from "@/features/feedback/classifier/train/fit-head";
import { GROUPS, heldOutRecall, predictHeldOutGroups, type HeldOutGroup } from "@/features/feedback/classifier/train/held-out-groups";
import type { LabeledExample } from "@/features/feedback/classifier/types";

// The negative shift's second measure (classifier README, "Negative shift"): recall on groups of
// the corpus the head was not trained on.

const NEGATIVE = 1; // sentiment labels: positive, negative, neutral
const p = (...x: number[]) => Float64Array.from(x);

describe("held-out groups", () => {
  it("averages the recall of each group that has the label, after shifting its logit", () => {
    const groups: HeldOutGroup[] = [
      { name: "a", members: [0, 1], probabilities: [p(0.2, 0.7, 0.1), p(0.5, 0.4, 0.1)] }, // 1 of 2 negatives found
      { name: "b", members: [2, 3], probabilities: [p(0.1, 0.8, 0.1), p(0.1, 0.1, 0.8)] }, // 1 of 1 (the other is neutral)
      { name: "c", members: [4], probabilities: [p(0.9, 0.05, 0.05)] }, // no negatives: not counted
    ];
    const gold = [NEGATIVE, NEGATIVE, NEGATIVE, 2, 0];
    expect(heldOutRecall(groups, gold, NEGATIVE, 0)).toBeCloseTo((0.5 + 1) / 2);
    // Shifting the logit by log(2) doubles the odds: 0.4 against 0.5 becomes 0.8 against 0.5.
    expect(heldOutRecall(groups, gold, NEGATIVE, Math.log(2))).toBe(1);
  });

  it("predicts each group with a head that never saw it", () => {
    // A word only the held-out group uses carries no weight when that group is held out, so its
    // texts fall back on the rest; trained on them, the same word would decide.
    const text = (word: string, i: number) => `${word} case ${i}`;
    const examples: LabeledExample[] = [
      ...Array.from({ length: 12 }, (_, i): LabeledExample => ({ text: text("splendid", i), sentiment: "positive", category: "general", source: "comment", hard: null })),
      ...Array.from({ length: 12 }, (_, i): LabeledExample => ({ text: text("dreadful", i), sentiment: "negative", category: "general", source: "observation", hard: null })),
      ...Array.from({ length: 12 }, (_, i): LabeledExample => ({ text: text("zorbly", i), sentiment: "negative", category: "general", source: "rejection", hard: null })),
    ];
    const features = DEFAULT_FEATURE_OPTIONS;
    const groups = predictHeldOutGroups("sentiment", examples, vectorsOf(examples, features), { features, minCount: 2, l2: 1e-3 });
    expect(groups.map((g) => g.name)).toEqual(GROUPS.filter((g) => examples.some(g.inGroup)).map((g) => g.name));
    const rejection = groups.find((g) => g.name === "source:rejection")!;
    expect(rejection.members).toHaveLength(12);
    // Without the rejections in training, "zorbly" is unknown and the source is new: not confidently negative.
    for (const probabilities of rejection.probabilities) expect(probabilities[NEGATIVE]).toBeLessThan(0.9);
    const observation = groups.find((g) => g.name === "source:observation")!;
    expect(observation.probabilities.every((q) => argmax(q) !== NEGATIVE || q[NEGATIVE] < 0.9)).toBe(true);
  });
});
