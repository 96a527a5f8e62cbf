// The product's free-text classification for the command-line tools (`npm run classify`,
// `npm run eval:classifier`): the configured classifier model (`getModel("classifier")`: the
// trained built-in classifier without AI_PROVIDER, the configured model with one), in the batches
// and with the prompt the background job uses (features/feedback/server/classify-pending.ts).
// Run under scripts/lib/server-only/register.mjs (server modules are imported as the app does).
import type { LanguageModel } from "ai";
import { getModel } from "@/ai/models";
import type { FeedbackText } from "@/ai/prompts/classify-feedback";
import { CLASSIFY_BATCH_SIZE, labelFeedbackTexts, type Label } from "@/features/feedback/server/classify-pending";

export type TextResult = Label | { error: string };

/**
 * A label per text, in order; `{ error }` where the model gave none (the product would leave that
 * text waiting). `model` defaults to the configured classifier model.
 */
export async function classifyTexts(texts: FeedbackText[], { model = getModel("classifier"), onBatch }: { model?: LanguageModel; onBatch?: (done: number) => void } = {}): Promise<TextResult[]> {
  const out: TextResult[] = [];
  for (let start = 0; start < texts.length; start += CLASSIFY_BATCH_SIZE) {
    const batch = texts.slice(start, start + CLASSIFY_BATCH_SIZE);
    try {
      const labels = await labelFeedbackTexts(model, batch);
      out.push(...labels.map((l) => l ?? { error: "the classifier's answer had no valid label for this text" }));
    } catch (e) {
      const message = e instanceof Error ? e.message : String(e);
      out.push(...batch.map(() => ({ error: `the classifier model failed: ${message}` })));
    }
    onBatch?.(out.length);
  }
  return out;
}
