import { countTokens } from "@/ai/tokens";
import type { ImproverUIMessage } from "./chat";

// The transcript the improver is sent on each turn, within a token budget: the context (directives,
// feedback, notes) is budgeted on its own, so a long chat cannot grow every request without bound
// (a 30k-character answer used to be re-sent on every later turn). The newest messages are kept
// whole; older ones are cut, and the model is told so.

/** Tokens of transcript sent with a turn (the context has its own budget). */
export const TRANSCRIPT_BUDGET = 12_000;

export const cutMarker = (n: number) =>
  `(Earlier conversation cut: ${n} older ${n === 1 ? "message is" : "messages are"} not shown to you. Your notes and the context carry what matters from them.)`;

function tokensOf(message: ImproverUIMessage): number {
  let n = 4;
  for (const part of message.parts) {
    if (part.type === "text" || part.type === "reasoning") n += countTokens(part.text);
    else if ("input" in part || "output" in part) n += countTokens(JSON.stringify({ input: (part as { input?: unknown }).input, output: (part as { output?: unknown }).output }));
  }
  return n;
}

/**
 * The newest messages whose tokens fit `budget` (the newest one always), preceded — when older
 * ones were left out — by a user message saying so. The stored transcript is not changed.
 */
export function budgetTranscript(history: ImproverUIMessage[], budget = TRANSCRIPT_BUDGET): { messages: ImproverUIMessage[]; cut: number } {
  let used = 0;
  let start = history.length;
  while (start > 0) {
    const cost = tokensOf(history[start - 1]);
    if (start < history.length && used + cost > budget) break;
    used += cost;
    start--;
  }
  if (start === 0) return { messages: history, cut: 0 };
  const marker: ImproverUIMessage = { id: "transcript-cut", role: "user", parts: [{ type: "text", text: cutMarker(start) }] };
  return { messages: [marker, ...history.slice(start)], cut: start };
}
