import { describe, expect, it } from "vitest";
import { truncationMarker } from "@/ai/prompts/improver";
import { countTokens, truncateToTokens } from "@/ai/tokens";

const words = (n: number) => Array.from({ length: n }, (_, i) => `word${i % 50}`).join(" ");

describe("token counting (o200k_base)", () => {
  it("counts a known string", () => {
    expect(countTokens("hello world")).toBe(2);
    expect(countTokens("")).toBe(0);
  });

  it("leaves text within the budget alone", () => {
    const text = "A short report.\nAll good.";
    expect(truncateToTokens(text, 100)).toEqual({ text, tokens: countTokens(text), truncated: false, omittedTokens: 0 });
    const exact = countTokens(text);
    expect(truncateToTokens(text, exact).truncated).toBe(false);
  });

  it("cuts long text to the budget, keeping the beginning, with a marker saying how much is gone", () => {
    const text = words(5_000);
    const total = countTokens(text);
    const cut = truncateToTokens(text, 200);
    expect(cut.truncated).toBe(true);
    expect(cut.tokens).toBeLessThanOrEqual(200);
    expect(cut.tokens).toBe(countTokens(cut.text));
    expect(cut.text.startsWith("word0 word1")).toBe(true);
    expect(cut.text.endsWith(truncationMarker(cut.omittedTokens))).toBe(true);
    expect(cut.text).toMatch(/\[… truncated: \d{1,3}(,\d{3})* more tokens\]$/);
    // What is kept plus what is omitted is the original.
    expect(countTokens(cut.text.slice(0, cut.text.lastIndexOf("\n"))) + cut.omittedTokens).toBe(total);
  });

  it("cuts at a line break when one is near, so a list loses whole items", () => {
    const lines = Array.from({ length: 200 }, (_, i) => `- item ${i}: something happened here`).join("\n");
    const cut = truncateToTokens(lines, 100);
    const kept = cut.text.split("\n").slice(0, -1);
    expect(kept.length).toBeGreaterThan(0);
    for (const line of kept) expect(line).toMatch(/^- item \d+: something happened here$/);
  });
});
