import { countTokens as count, decode, encode } from "gpt-tokenizer/encoding/o200k_base";
import { truncationMarker } from "./prompts/improver";

// Token counting for context budgets: a real BPE tokenizer (o200k_base, the GPT-4o family's
// encoding, shipped as data inside the gpt-tokenizer package: no download). Other providers
// tokenize differently, by a few percent; budgets leave headroom for that.

export function countTokens(text: string): number {
  return text ? count(text) : 0;
}

export type Truncated = { text: string; tokens: number; truncated: boolean; omittedTokens: number };

/**
 * Cuts `text` to at most `budget` tokens, keeping the beginning and ending with a visible
 * marker ("[… truncated: 1,234 more tokens]") that counts against the budget. Cuts at a line
 * break when one is near, so a list loses whole items.
 */
export function truncateToTokens(text: string, budget: number): Truncated {
  const tokens = encode(text);
  if (tokens.length <= budget) return { text, tokens: tokens.length, truncated: false, omittedTokens: 0 };
  const markerRoom = countTokens(`\n${truncationMarker(tokens.length)}`);
  const keep = Math.max(0, budget - markerRoom);
  let head = decode(tokens.slice(0, keep));
  const lastBreak = head.lastIndexOf("\n");
  if (lastBreak > head.length * 0.6) head = head.slice(0, lastBreak);
  head = head.trimEnd();
  const kept = countTokens(head);
  const out = `${head}${head ? "\n" : ""}${truncationMarker(tokens.length - kept)}`;
  return { text: out, tokens: countTokens(out), truncated: true, omittedTokens: tokens.length - kept };
}
