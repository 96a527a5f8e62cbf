import { describe, expect, it } from "vitest";
import { corpusPath, readLabeled } from "@/features/feedback/classifier/corpus-file";
import { simulateAdaptation } from "@/features/feedback/classifier/evaluate-adaptation";
import { shippedSettings } from "../../../scripts/lib/adaptation-lab";

// The adaptation loop of `npm run eval:classifier -- --adapt` on one held-out style (the corpus's
// sarcastic texts, the smallest group): the goal is +10 points of both-right accuracy on
// the rest of the style after 50 corrections.
// A fixed amount of CPU (a base model fitted on ≈ 3,800 texts, then the adaptation): it took
// 104–135 s next to a whole test suite's run on 2 cores (over the 60 s it had); the timeout guards a hang.
describe("the adaptation lab (classifier/evaluate-adaptation.ts)", () => {
  it("50 corrections of a held-out style raise both-right accuracy on the rest of it by 10 points or more", { timeout: 300_000 }, () => {
    const examples = [...readLabeled(corpusPath("train")), ...readLabeled(corpusPath("test"))];
    const run = simulateAdaptation({ examples, group: "hard:sarcasm", inGroup: (e) => e.hard === "sarcasm", ks: [0, 50], base: shippedSettings() });
    const [before, after] = run.points;
    expect(run.measured).toBeGreaterThan(50);
    expect(before.changed).toBe(0);
    expect(after.corrected).toBe(50);
    expect(after.both - before.both).toBeGreaterThanOrEqual(0.1);
  });
});
