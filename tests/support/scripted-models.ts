import type { LanguageModelV3CallOptions, LanguageModelV3GenerateResult, LanguageModelV3StreamPart } from "@ai-sdk/provider";
import { simulateReadableStream } from "ai";
import { MockLanguageModelV3 } from "ai/test";

// Scripted models (the AI SDK mock): no network, exact control over what each phase returns.

const usage = { inputTokens: { total: 100, noCache: 100, cacheRead: 0, cacheWrite: 0 }, outputTokens: { total: 20, text: 20, reasoning: 0 } };
const text = (t: string): LanguageModelV3GenerateResult => ({ content: [{ type: "text", text: t }], finishReason: { unified: "stop", raw: "stop" }, usage, warnings: [] });

type Call = { tool: string; input: Record<string, unknown> };

/** A tool-using model: answers the first step with `calls`, and a short text once tool results came back. */
export function toolModel(calls: Call[] | ((call: number) => Call[])) {
  let n = 0;
  return new MockLanguageModelV3({
    doGenerate: async (options: LanguageModelV3CallOptions) => {
      if (options.prompt.at(-1)?.role === "tool") return text("Done.");
      const list = typeof calls === "function" ? calls(++n) : calls;
      return {
        content: list.map((c, i) => ({ type: "tool-call" as const, toolCallId: `call-${n}-${i}`, toolName: c.tool, input: JSON.stringify(c.input) })),
        finishReason: { unified: "tool-calls", raw: "tool_calls" },
        usage,
        warnings: [],
      };
    },
  });
}

/** An evaluator answering one gate value per call, in order (the last value repeats). */
export function evaluatorModel(gate: string, values: number[]) {
  let n = 0;
  return new MockLanguageModelV3({
    doGenerate: async () => {
      const value = values[Math.min(n++, values.length - 1)];
      return text(JSON.stringify({ gates: [{ name: gate, value, feedback: value >= 0.9 ? "Meets the bar." : `Add a risks section (value ${value}).` }] }));
    },
  });
}

export function failingModel(message = "provider down") {
  return new MockLanguageModelV3({
    doGenerate: async () => {
      throw new Error(message);
    },
  });
}

/** Hangs on its first `hangs` calls (until aborted), then behaves like `then`. */
export function slowThenModel(hangs: number, then: MockLanguageModelV3) {
  let n = 0;
  return new MockLanguageModelV3({
    doGenerate: async (options: LanguageModelV3CallOptions) => {
      if (n++ < hangs) {
        await new Promise((_, reject) => options.abortSignal?.addEventListener("abort", () => reject(new Error("aborted"))));
      }
      return then.doGenerate(options);
    },
  });
}

export const sampleCalls: Call[] = [
  { tool: "propose_checklist_items", input: { items: ["Collect the numbers", "Draft the summary"] } },
  { tool: "propose_estimate", input: { minutes: 45 } },
  { tool: "write_report", input: { markdown: "## Summary\nTwo steps left.", confidence: 0.7 } },
  { tool: "record_observation", input: { text: "The deadline is not stated." } },
];

/** One model call of a scripted chat: some text, then tool calls (none = the answer ends). */
export type ChatStep = { text?: string; calls?: Call[] };

/**
 * A streaming chat model that plays `steps` in order, one per model call (a tool loop of two steps
 * consumes two). Every call's prompt is kept in `prompts` for assertions.
 */
export function scriptedChatModel(steps: ChatStep[]) {
  let n = 0;
  const prompts: LanguageModelV3CallOptions["prompt"][] = [];
  const model = new MockLanguageModelV3({
    doStream: async (options: LanguageModelV3CallOptions) => {
      prompts.push(options.prompt);
      const step = steps[n++] ?? { text: "(script ended)" };
      const calls = step.calls ?? [];
      const chunks: LanguageModelV3StreamPart[] = [{ type: "stream-start", warnings: [] }];
      if (step.text) {
        chunks.push({ type: "text-start", id: `t${n}` });
        for (const word of step.text.split(/(?<= )/)) chunks.push({ type: "text-delta", id: `t${n}`, delta: word });
        chunks.push({ type: "text-end", id: `t${n}` });
      }
      calls.forEach((c, i) => chunks.push({ type: "tool-call", toolCallId: `call-${n}-${i}`, toolName: c.tool, input: JSON.stringify(c.input) }));
      chunks.push({ type: "finish", finishReason: calls.length ? { unified: "tool-calls", raw: "tool_calls" } : { unified: "stop", raw: "stop" }, usage });
      return { stream: simulateReadableStream({ chunks }) };
    },
  });
  return { model, prompts, calls: () => n };
}
