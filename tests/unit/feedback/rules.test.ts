import { generateText, Output } from "ai";
import { describe, expect, it } from "vitest";
import { ClassificationSchema, classifyFeedbackPrompt } from "@/ai/prompts/classify-feedback";
import { builtinModel } from "@/ai/providers/builtin";
import { qualitySentiment, ratingSentiment, reportConfidenceSentiment, toolPhrase } from "@/features/feedback/rules";
import { readClassification } from "@/features/feedback/server/classify-pending";

describe("written sources", () => {
  it("are never classified by keywords: the rules module has no keyword tables any more", async () => {
    const rules = await import("@/features/feedback/rules");
    expect(Object.keys(rules)).not.toEqual(expect.arrayContaining(["classifyByRules"]));
    expect(rules.SOURCE_TYPES).toEqual(["observation", "reason", "decision", "rating", "report_confidence", "quality_score"]);
  });

  it("read a confirmation's reason as a comment, a rejection's or deferral's as a rejection", async () => {
    const { classifierSource } = await import("@/features/feedback/rules");
    expect(classifierSource("observation", null)).toBe("observation");
    expect(classifierSource("reason", "confirmed")).toBe("comment");
    expect(classifierSource("reason", "rejected")).toBe("rejection");
    expect(classifierSource("reason", "deferred")).toBe("rejection");
    expect(classifierSource("decision", "confirmed")).toBeUndefined();
  });
});

describe("decisions in words", () => {
  it.each([
    ["propose_estimate", "a proposed estimate"],
    ["propose_status", "a proposed status change"],
    ["propose_checklist_items", "a proposed checklist"],
    ["propose_due_date", "a proposed due date"],
    ["write_report", "a proposal to write report"],
  ])("%s → %s", (tool, phrase) => expect(toolPhrase(tool)).toBe(phrase));
});

describe("structured source rules", () => {
  it.each([
    [0, "negative"], [0.29, "negative"], [0.3, "neutral"], [0.5, "neutral"], [0.7, "neutral"], [0.71, "positive"], [1, "positive"],
  ] as const)("rating %s → %s", (r, s) => expect(ratingSentiment(r)).toBe(s));

  it.each([
    [0.39, null, "negative"], [0.4, null, null], [0.79, null, null], [0.8, null, "positive"],
    [0.5, 0.7, "negative"], [0.6, 0.79, null], [0.85, 1, "positive"], [0.8, 1, "negative"],
  ] as const)("report confidence %s after %s → %s", (c, prev, s) => expect(reportConfidenceSentiment(c, prev)).toBe(s));

  it.each([[0.69, "negative"], [0.7, null], [0.89, null], [0.9, "positive"]] as const)("quality %s → %s", (q, s) => expect(qualitySentiment(q)).toBe(s));
});

describe("classifier prompt and answer", () => {
  it("numbers one line per item; the built-in classifier answers every item once, by its number", async () => {
    const { system, prompt, providerOptions } = classifyFeedbackPrompt(["The estimate\nwas wrong.", "Great summary, very clear.", "x".repeat(700), ""]);
    expect(system).toMatch(/numbered item/);
    const lines = prompt.split("\n");
    expect(lines[0]).toBe("Feedback items (4):");
    expect(lines[1]).toBe("1. The estimate was wrong.");
    expect(lines[3].length).toBeLessThan(620);
    expect(lines[4]).toBe("4. (empty)");
    const { output: answer } = await generateText({ model: builtinModel("classifier"), system, prompt, providerOptions, output: Output.object({ schema: ClassificationSchema }) });
    expect(answer.items.map((i) => i.index)).toEqual([1, 2, 3, 4]);
    expect(answer.items[0]).toMatchObject({ sentiment: "negative", category: "accuracy" });
    expect(answer.items[1]).toMatchObject({ sentiment: "positive" });
  });

  it("reads answers leniently: by index, once, in range; anything else is missing", () => {
    const read = readClassification(
      { items: [
        { index: 2, sentiment: "negative", category: "tooling", confidence: 0.7 },
        { index: 2, sentiment: "positive", category: "tooling", confidence: 0.9 },
        { index: 1, sentiment: "furious", category: "tooling", confidence: 0.7 },
        { index: 9, sentiment: "neutral", category: "general", confidence: 0.5 },
        { index: 3, sentiment: "neutral", category: "general", confidence: 2 },
      ] },
      3,
    );
    expect(read).toEqual([null, { sentiment: "negative", category: "tooling", confidence: 0.7 }, null]);
    expect(readClassification("nonsense", 2)).toEqual([null, null]);
    expect(readClassification(null, 1)).toEqual([null]);
  });
});
