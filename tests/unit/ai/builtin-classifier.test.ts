import { generateText, Output } from "ai";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { classifyFeedbackPrompt } from "@/ai/prompts/classify-feedback";
import { builtinModel } from "@/ai/providers/builtin";
import { classifyFeedbackText } from "@/features/feedback/classifier/model";

const ClassificationSchema = z.object({
  items: z.array(
    z.object({
      index: z.number().int(),
      sentiment: z.enum(["positive", "negative", "neutral"]),
      category: z.enum(["accuracy", "communication", "prioritization", "tooling", "timeliness", "general"]),
      confidence: z.number().min(0).max(1),
    }),
  ),
});

describe("built-in model: classifier", () => {
  it("classifies each numbered item with the trained classifier, as JSON", async () => {
    const call = classifyFeedbackPrompt([
      "The estimate was wrong by two days.",
      "Great summary, very clear and concise.",
      "It did not prioritize the P1 ticket first.",
      "The checklist proposal tool added duplicate items.",
      "It took too long, the reply came late.",
      "Noted.",
      "The report was not helpful.",
      "Known issues matched the QA sign-off exactly; nothing missing.",
    ].map((text) => ({ text, source: "comment" as const })));
    const { output } = await generateText({ model: builtinModel("classifier"), ...call, output: Output.object({ schema: ClassificationSchema }) });
    const by = Object.fromEntries(output.items.map((i) => [i.index, i]));
    expect(output.items.map((i) => i.index)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(by[1]).toMatchObject({ sentiment: "negative", category: "accuracy" });
    expect(by[2]).toMatchObject({ sentiment: "positive", category: "communication" });
    expect(by[3]).toMatchObject({ category: "prioritization" });
    expect(by[4]).toMatchObject({ sentiment: "negative", category: "tooling" });
    expect(by[5]).toMatchObject({ sentiment: "negative", category: "timeliness" });
    expect(by[6]).toMatchObject({ sentiment: "neutral", category: "general" });
    expect(by[7].sentiment).toBe("negative"); // negation flips "helpful"
    expect(by[8].sentiment).toBe("positive"); // "nothing missing" is praise, not a complaint
    expect(by[6].confidence).toBeLessThan(by[1].confidence);
  });

  it("answers exactly what the trained classifier answers for the item and its source", async () => {
    const texts = [
      { text: "Pushed the fix; a teammate merged it and thanked me.", source: "observation" as const },
      { text: "Not relevant any more.", source: "rejection" as const },
      { text: "Why is the estimate 3 days?", source: "comment" as const },
    ];
    const { output } = await generateText({ model: builtinModel("classifier"), ...classifyFeedbackPrompt(texts), output: Output.object({ schema: ClassificationSchema }) });
    expect(output.items).toEqual(
      texts.map(({ text, source }, i) => {
        const c = classifyFeedbackText(text, source);
        return { index: i + 1, sentiment: c.sentiment, category: c.category, confidence: expect.closeTo(c.confidence, 3) };
      }),
    );
    expect(output.items[0].sentiment).toBe("positive");
  });
});

describe("built-in model: improver and free-form prompts", () => {
  it("the improver without its context data says it cannot propose (see ai/builtin-improver.test.ts)", async () => {
    const { text } = await generateText({ model: builtinModel("improver"), prompt: "Improve these directives." });
    expect(text).toMatch(/can't see the current directives/);
  });

  it("a call without prompt data gets an honest deterministic answer", async () => {
    const { text } = await generateText({ model: builtinModel("task"), prompt: "What is the capital of France?" });
    expect(text).toMatch(/built-in offline model.*capital of France/);
  });
});
