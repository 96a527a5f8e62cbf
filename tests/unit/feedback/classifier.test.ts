import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { corpusPath, readLabeled } from "@/features/feedback/classifier/corpus-file";
import { evaluateClassifier } from "@/features/feedback/classifier/evaluate";
import { classifyFeedbackText } from "@/features/feedback/classifier/model";
import weightsFile from "@/features/feedback/classifier/weights.json";

// The shipped weights on the corpus's fixed test split, against the goals of the offline
// classifier (src/features/feedback/classifier/README.md), and the behaviour its features promise.
// Negative recall meets its goal (measured 91.6%: the shift is chosen to keep 85% on held-out
// groups, README "Negative shift"), and so does the calibration error on these 398 texts (measured
// 0.039 against 0.05; a perfectly calibrated classifier shows ≈ 0.047 here by chance, so a retrain
// can move it either way; cross-validated on the training split: 0.010). Accuracy does not yet
// (measured: both 67.6%, sentiment 82.2%, category 81.2%, against 85%): until it does, the test
// holds the measured level (rounded down) so that no change makes it worse, and the goal stays
// written beside it.

const GOALS = { both: 0.85, sentiment: 0.85, category: 0.85, negativeRecall: 0.85, ece: 0.05 };
const MEASURED_FLOOR = { both: 0.67, sentiment: 0.82, category: 0.81 };

describe("offline feedback classifier: held-out test split", async () => {
  const report = await evaluateClassifier(readLabeled(corpusPath("test")), async (inputs) => inputs.map((i) => classifyFeedbackText(i.text, i.source)));

  it(`keeps accuracy at or above the measured level (goal: ${GOALS.both * 100}% both right, not met yet)`, () => {
    expect.soft(report.sentiment, "sentiment accuracy").toBeGreaterThanOrEqual(MEASURED_FLOOR.sentiment);
    expect.soft(report.category, "category accuracy").toBeGreaterThanOrEqual(MEASURED_FLOOR.category);
    expect(report.both, "both right").toBeGreaterThanOrEqual(MEASURED_FLOOR.both);
  });

  it(`labels ≥ ${GOALS.negativeRecall * 100}% of negative texts negative`, () => {
    expect(report.negativeRecall).toBeGreaterThanOrEqual(GOALS.negativeRecall);
  });

  it(`has a calibrated confidence (ECE ≤ ${GOALS.ece})`, () => {
    expect(report.ece).toBeLessThanOrEqual(GOALS.ece);
  });

  it("was trained on the corpus as it is now (run `npm run train:classifier` after editing it)", () => {
    const sha256 = createHash("sha256").update(readFileSync(corpusPath("train"))).digest("hex");
    expect(weightsFile.meta.corpus.sha256).toBe(sha256);
  });
});

describe("offline feedback classifier: behaviour", () => {
  it("flips on negation", () => {
    expect(classifyFeedbackText("The summary was helpful.").sentiment).toBe("positive");
    expect(classifyFeedbackText("The summary was not helpful.").sentiment).toBe("negative");
    expect(classifyFeedbackText("The report was useful.").sentiment).toBe("positive");
    expect(classifyFeedbackText("The report wasn't useful at all.").sentiment).toBe("negative");
  });

  it("lets the clause after 'but' decide a mixed text", () => {
    expect(classifyFeedbackText("The tone was great, but the estimate was wrong.")).toMatchObject({ sentiment: "negative", category: "accuracy" });
    expect(classifyFeedbackText("The estimate was a bit off, but overall the report was excellent.").sentiment).toBe("positive");
  });

  it("reads a customer's complaint about the ticket as no verdict on the agent (labeling guide, rule 1)", () => {
    expect(classifyFeedbackText("The customer says the invoice export is broken.", "observation").sentiment).toBe("neutral");
  });

  it("reads an implicit complaint as negative", () => {
    expect(classifyFeedbackText("three hours to fix a typo?", "rejection")).toMatchObject({ sentiment: "negative", category: "accuracy" });
  });

  it("is deterministic, with a confidence between 0 and 1", () => {
    const texts = ["Great job", "The estimate was wrong by two days.", "Noted.", "", "🔥🔥", "Why is the estimate 3 days?"];
    const first = texts.map((t) => classifyFeedbackText(t, "comment"));
    expect(texts.map((t) => classifyFeedbackText(t, "comment"))).toEqual(first);
    for (const c of first) expect(c.confidence).toSatisfy((x: number) => x >= 0 && x <= 1);
  });
});
