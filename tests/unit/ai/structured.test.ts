import { NoObjectGeneratedError } from "ai";
import { MockLanguageModelV3 } from "ai/test";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { generateStructured, parseLooseJson } from "@/ai/structured";

const usage = { inputTokens: { total: 10, noCache: 10, cacheRead: 0, cacheWrite: 0 }, outputTokens: { total: 5, text: 5, reasoning: 0 } };
/** Answers the given texts in turn (the last one again), recording each prompt. */
function answering(...texts: string[]) {
  const prompts: string[] = [];
  let n = 0;
  const model = new MockLanguageModelV3({
    doGenerate: async (options) => {
      prompts.push(options.prompt.flatMap((m) => (m.role === "user" ? m.content.flatMap((p) => (p.type === "text" ? [p.text] : [])) : [])).join("\n"));
      return { content: [{ type: "text", text: texts[Math.min(n++, texts.length - 1)] }], finishReason: { unified: "stop", raw: "stop" }, usage, warnings: [] };
    },
  });
  return { model, prompts };
}
const schema = z.object({ gates: z.array(z.object({ name: z.string(), value: z.number() })) });
const good = { gates: [{ name: "completeness", value: 0.8 }] };

describe("parseLooseJson", () => {
  it.each([
    ['{"items":[]}', { items: [] }],
    ['```json\n{"items":[1]}\n```', { items: [1] }],
    ['Here you go:\n```\n{"items":[2]}\n```\nAnything else?', { items: [2] }],
    ['Sure! {"items":[3]} Hope this helps.', { items: [3] }],
    ["I cannot help with that.", null],
    ["", null],
  ])("%j → %j", (text, parsed) => expect(parseLooseJson(text)).toEqual(parsed));
});

describe("generateStructured", () => {
  it("takes a clean answer in one call", async () => {
    const { model, prompts } = answering(JSON.stringify(good));
    expect(await generateStructured({ model, prompt: "Score it.", schema })).toEqual({ output: good, usage: { inputTokens: 10, outputTokens: 5 }, repaired: false });
    expect(prompts).toHaveLength(1);
  });

  it("reads a fenced answer or one between prose without asking again", async () => {
    const { model, prompts } = answering(`Here is my review:\n\`\`\`json\n${JSON.stringify(good)}\n\`\`\`\nLet me know.`);
    expect(await generateStructured({ model, prompt: "Score it.", schema })).toMatchObject({ output: good, repaired: false });
    expect(prompts).toHaveLength(1);
  });

  it("asks once more with what was wrong, and takes the second answer", async () => {
    const { model, prompts } = answering('{"gates":[{"name":"completeness","value":"high"}]}', JSON.stringify(good));
    expect(await generateStructured({ model, prompt: "Score it.", schema })).toEqual({ output: good, usage: { inputTokens: 20, outputTokens: 10 }, repaired: true });
    expect(prompts[1]).toMatch(/^Score it\.\n\nYour previous answer could not be used \(gates\.0\.value: .*\)\. Answer again with JSON only, in the shape described\.$/);
  });

  it("fails after the second unusable answer, with its text", async () => {
    const { model, prompts } = answering("I'd rather not grade this.");
    const error = await generateStructured({ model, prompt: "Score it.", schema }).catch((e: unknown) => e);
    expect(NoObjectGeneratedError.isInstance(error)).toBe(true);
    expect((error as NoObjectGeneratedError).text).toBe("I'd rather not grade this.");
    expect(prompts[1]).toContain("(it was not JSON)");
    expect(prompts).toHaveLength(2);
  });
});
