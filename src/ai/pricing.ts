import { env } from "@/env";

// Estimated cost of model usage. The providers' list prices in US dollars per million tokens, as
// published in November 2025, matched on the longest model-id prefix ("gpt-4o-mini-2024-07-18" →
// gpt-4o-mini). Estimates: cached input, batch discounts and regional prices are not modelled.
// AI_PRICE_INPUT_PER_MTOK / AI_PRICE_OUTPUT_PER_MTOK override the list for every hosted model
// (a gateway's or your contract's price). The built-in model costs nothing; an unknown model has
// no estimate (shown as such, never as 0).

export type Price = { inputPerMTok: number; outputPerMTok: number; source: "list" | "configured" | "built-in" };

const LIST_PRICES: Record<string, [input: number, output: number]> = {
  "gpt-4o-mini": [0.15, 0.6],
  "gpt-4o": [2.5, 10],
  "gpt-4.1-nano": [0.1, 0.4],
  "gpt-4.1-mini": [0.4, 1.6],
  "gpt-4.1": [2, 8],
  "gpt-5-nano": [0.05, 0.4],
  "gpt-5-mini": [0.25, 2],
  "gpt-5": [1.25, 10],
  "o4-mini": [1.1, 4.4],
  "o3": [2, 8],
  "claude-haiku-4-5": [1, 5],
  "claude-sonnet-4-5": [3, 15],
  "claude-sonnet-4": [3, 15],
  "claude-opus-4-5": [5, 25],
  "claude-opus-4-1": [15, 75],
  "claude-3-5-haiku": [0.8, 4],
  "gemini-2.5-flash-lite": [0.1, 0.4],
  "gemini-2.5-flash": [0.3, 2.5],
  "gemini-2.5-pro": [1.25, 10],
  "gemini-2.0-flash": [0.1, 0.4],
};

const PREFIXES = Object.keys(LIST_PRICES).sort((a, b) => b.length - a.length);

type PriceEnv = { AI_PRICE_INPUT_PER_MTOK?: number; AI_PRICE_OUTPUT_PER_MTOK?: number };

export function priceOf(model: string, e: PriceEnv = env): Price | null {
  if (model.startsWith("builtin-")) return { inputPerMTok: 0, outputPerMTok: 0, source: "built-in" };
  if (e.AI_PRICE_INPUT_PER_MTOK !== undefined || e.AI_PRICE_OUTPUT_PER_MTOK !== undefined) {
    return { inputPerMTok: e.AI_PRICE_INPUT_PER_MTOK ?? 0, outputPerMTok: e.AI_PRICE_OUTPUT_PER_MTOK ?? 0, source: "configured" };
  }
  // "models/gemini-2.5-flash", "anthropic/claude-sonnet-4-5" (gateways): the last segment is the model.
  const id = model.toLowerCase().split("/").pop() ?? "";
  const prefix = PREFIXES.find((p) => id.startsWith(p));
  if (!prefix) return null;
  const [inputPerMTok, outputPerMTok] = LIST_PRICES[prefix];
  return { inputPerMTok, outputPerMTok, source: "list" };
}

/** Dollars, or null when the model has no known price. */
export function estimateCost(model: string, inputTokens: number, outputTokens: number, e: PriceEnv = env): number | null {
  const price = priceOf(model, e);
  if (!price) return null;
  return (inputTokens * price.inputPerMTok + outputTokens * price.outputPerMTok) / 1_000_000;
}
