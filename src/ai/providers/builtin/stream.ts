import { readFile } from "node:fs/promises";
import type { LanguageModelV3Content, LanguageModelV3FinishReason, LanguageModelV3StreamPart, LanguageModelV3Usage, SharedV3Warning } from "@ai-sdk/provider";

// The same answer as doGenerate, as stream parts: text in word-sized deltas, tool calls the way
// hosted providers send them (input start → input deltas → input end → the complete call).

export function toStreamParts(
  content: LanguageModelV3Content[],
  finishReason: LanguageModelV3FinishReason,
  usage: LanguageModelV3Usage,
  modelId: string,
  warnings: SharedV3Warning[],
): LanguageModelV3StreamPart[] {
  const parts: LanguageModelV3StreamPart[] = [{ type: "stream-start", warnings }, { type: "response-metadata", modelId }];
  content.forEach((c, i) => {
    if (c.type === "text") {
      const id = `text-${i}`;
      parts.push({ type: "text-start", id });
      for (const delta of c.text.match(/\S+\s*|\s+/g) ?? []) parts.push({ type: "text-delta", id, delta });
      parts.push({ type: "text-end", id });
    } else if (c.type === "tool-call") {
      parts.push({ type: "tool-input-start", id: c.toolCallId, toolName: c.toolName });
      for (let at = 0; at < c.input.length; at += 40) parts.push({ type: "tool-input-delta", id: c.toolCallId, delta: c.input.slice(at, at + 40) });
      parts.push({ type: "tool-input-end", id: c.toolCallId }, c);
    }
  });
  parts.push({ type: "finish", finishReason, usage });
  return parts;
}

/**
 * While `holdFile` exists, a stream emits at most as many parts as the number it holds (none when
 * it holds no number), then waits until the file is removed or the call is aborted: a test holds an
 * answer in the middle for as long as it needs (AI_BUILTIN_STREAM_HOLD_FILE), however slow the machine.
 */
async function waitWhileHeld(holdFile: string | undefined, emitted: number, signal?: AbortSignal) {
  while (holdFile && !signal?.aborted) {
    let held: string;
    try {
      held = await readFile(holdFile, "utf8");
    } catch {
      return; // no file: not held
    }
    if (emitted < (Number.parseInt(held, 10) || 0)) return;
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Emits the parts with a small pause between them, so UIs show the answer arriving; stops on abort. */
export function partsStream(parts: LanguageModelV3StreamPart[], delayMs: number, signal?: AbortSignal, holdFile?: string): ReadableStream<LanguageModelV3StreamPart> {
  let i = 0;
  return new ReadableStream({
    async pull(controller) {
      await waitWhileHeld(holdFile, i, signal);
      if (signal?.aborted) {
        controller.error(signal.reason ?? new DOMException("Aborted", "AbortError"));
        return;
      }
      if (i >= parts.length) {
        controller.close();
        return;
      }
      if (delayMs > 0 && i > 0) await new Promise((r) => setTimeout(r, delayMs));
      controller.enqueue(parts[i++]);
    },
  });
}
