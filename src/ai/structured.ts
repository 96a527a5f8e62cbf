import { generateText, NoObjectGeneratedError, Output, type LanguageModel, type LanguageModelUsage, type TelemetrySettings } from "ai";
import type { z } from "zod";

// Structured output that survives real providers: the AI SDK parses a model's whole text as JSON
// and gives up on the first deviation (a ```json fence, a sentence around the object, a field of
// the wrong type). Here an answer that does not parse is read loosely (fence, prose), validated
// against the schema, and when it still does not fit the model is asked ONCE more with what was
// wrong; only then does the call fail (NoObjectGeneratedError, with the last answer's text).

/** JSON in a model's text answer: bare, fenced (```json … ```) or between prose; null when there is none. */
export function parseLooseJson(text: string | undefined): unknown {
  if (!text) return null;
  const unfenced = text.replace(/^[\s\S]*?```(?:json)?\s*/i, "").replace(/\s*```[\s\S]*$/, "");
  for (const candidate of [text, unfenced, unfenced.slice(unfenced.indexOf("{"), unfenced.lastIndexOf("}") + 1)]) {
    try {
      return JSON.parse(candidate);
    } catch {
      // the next reading
    }
  }
  return null;
}

/** The schema's complaints in a line a model can act on: "gates.0.value: expected number". */
function issuesOf(error: z.ZodError): string {
  return error.issues
    .slice(0, 5)
    .map((i) => `${i.path.join(".") || "the answer"}: ${i.message}`)
    .join("; ");
}

type Usage = { inputTokens: number; outputTokens: number };

export type StructuredCall<S extends z.ZodType> = {
  model: LanguageModel;
  system?: string;
  prompt: string;
  providerOptions?: Parameters<typeof generateText>[0]["providerOptions"];
  schema: S;
  abortSignal?: AbortSignal;
  temperature?: number;
  maxOutputTokens?: number;
  experimental_telemetry?: TelemetrySettings;
};

/**
 * generateText with structured output, read tolerantly and re-asked once with the validation
 * error. Returns the object and the tokens of every call it made. Provider errors are thrown as
 * the SDK throws them (the caller's withModelRetry decides about retries).
 */
export async function generateStructured<S extends z.ZodType>(call: StructuredCall<S>): Promise<{ output: z.infer<S>; usage: Usage; repaired: boolean }> {
  const usage: Usage = { inputTokens: 0, outputTokens: 0 };
  const add = (u: LanguageModelUsage | undefined) => {
    usage.inputTokens += u?.inputTokens ?? 0;
    usage.outputTokens += u?.outputTokens ?? 0;
  };
  const ask = async (prompt: string): Promise<{ output: z.infer<S> } | { error: NoObjectGeneratedError; problem: string }> => {
    try {
      const result = await generateText({
        model: call.model, system: call.system, prompt, providerOptions: call.providerOptions, temperature: call.temperature, maxOutputTokens: call.maxOutputTokens,
        output: Output.object({ schema: call.schema }), maxRetries: 0, abortSignal: call.abortSignal, experimental_telemetry: call.experimental_telemetry,
      });
      add(result.totalUsage);
      return { output: result.output as z.infer<S> };
    } catch (e) {
      if (!NoObjectGeneratedError.isInstance(e)) throw e;
      add(e.usage);
      const loose = parseLooseJson(e.text);
      if (loose === null) return { error: e, problem: "it was not JSON" };
      const parsed = call.schema.safeParse(loose);
      return parsed.success ? { output: parsed.data } : { error: e, problem: issuesOf(parsed.error) };
    }
  };

  const first = await ask(call.prompt);
  if ("output" in first) return { output: first.output, usage, repaired: false };
  const again = await ask(`${call.prompt}\n\nYour previous answer could not be used (${first.problem}). Answer again with JSON only, in the shape described.`);
  if ("output" in again) return { output: again.output, usage, repaired: true };
  throw again.error;
}
