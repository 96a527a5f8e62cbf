import "server-only";
import { generateText, NoObjectGeneratedError, NoOutputGeneratedError, Output, type LanguageModel } from "ai";
import { getModel } from "@/ai/models";
import { ClassificationItemSchema, ClassificationSchema, classifyFeedbackPrompt, type ClassificationAnswer } from "@/ai/prompts/classify-feedback";
import { withModelRetry, type ModelRetryOptions } from "@/ai/retry";
import { db } from "@/server/db";
import type { FeedbackCategory, Sentiment } from "../rules";
import { DETAIL_CHARS } from "../rules-sql";
import { pendingWhere, type FeedbackWindow } from "./window";

// Hybrid classification of observations, every message ONCE:
//
// 1. Keyword rules run at WRITE time: the AgentMessage insert trigger (generated from ../rules.ts by
//    ../rules-sql.ts) stores a confident observation as a FeedbackItem (classifiedBy "rule",
//    confidence 0.8, category by the first category table with a hit), and marks every other one
//    with a PendingObservation row. Nothing here re-evaluates a rule.
// 2. The pending observations of the window (an index range over the markers, oldest first) go to
//    the classifier model in batches (default 25 items): numbered items, structured output
//    { items: [{ index, sentiment, category, confidence }] }. An item the answer omits or gets wrong
//    (malformed JSON, unknown sentiment…) is stored neutral/general with confidence 0 (classifiedBy
//    "model": it was sent, and will not be sent again). Storing a batch's items and deleting its
//    markers is one statement. A provider failure (after retries) stores nothing for that batch and
//    stops: those observations stay pending for the next run, and the failure is reported.

export const CLASSIFY_BATCH_SIZE = 25;
/** Upper bound of observations sent to the model per call of classifyObservations (cost guard). */
export const MAX_MODEL_ITEMS = 1_000;

export type ClassifyObservationsInput = FeedbackWindow & {
  /** Defaults to getModel("classifier"). */
  model?: LanguageModel;
  /** false: no model call (the pending observations stay pending; only counted). */
  useModel?: boolean;
  batchSize?: number;
  maxModelItems?: number;
  retry?: ModelRetryOptions;
};

export type ClassifyObservationsResult = {
  byModel: Record<Sentiment, number> & { total: number; malformed: number };
  modelCalls: number;
  /** Pending observations left for a later run (provider failure, useModel false, or over maxModelItems). */
  pending: number;
  failure: { message: string; batch: number; items: number } | null;
};

type Verdict = { id: string; sentiment: Sentiment; category: FeedbackCategory; confidence: number; malformed: boolean };

/** Reads the model's answer leniently: valid items by index; anything else becomes "malformed". */
export function readClassification(answer: unknown, count: number): (Omit<Verdict, "id" | "malformed"> | null)[] {
  const out: (Omit<Verdict, "id" | "malformed"> | null)[] = Array.from({ length: count }, () => null);
  const items = (answer as { items?: unknown } | null)?.items;
  if (!Array.isArray(items)) return out;
  for (const raw of items) {
    const parsed = ClassificationItemSchema.safeParse(raw);
    if (!parsed.success) continue;
    const { index, sentiment, category, confidence } = parsed.data;
    if (index >= 1 && index <= count && out[index - 1] === null) out[index - 1] = { sentiment, category, confidence };
  }
  return out;
}

function parseLoose(text: string | undefined): unknown {
  if (!text) return null;
  const body = text.replace(/^\s*```(?:json)?\s*/i, "").replace(/\s*```\s*$/, "");
  try {
    return JSON.parse(body);
  } catch {
    return null;
  }
}

async function classifyBatch(model: LanguageModel, texts: string[], retry: ModelRetryOptions | undefined): Promise<unknown> {
  const { system, prompt, providerOptions } = classifyFeedbackPrompt(texts);
  try {
    const result = await withModelRetry(
      (abortSignal) => generateText({ model, system, prompt, providerOptions, output: Output.object({ schema: ClassificationSchema }), temperature: 0, maxRetries: 0, abortSignal }),
      { retries: 2, timeoutMs: 60_000, ...retry },
    );
    return result.output satisfies ClassificationAnswer;
  } catch (e) {
    // The provider answered, but not with the schema: keep what is usable, the rest is malformed.
    if (NoObjectGeneratedError.isInstance(e)) return parseLoose(e.text);
    if (NoOutputGeneratedError.isInstance(e)) return null;
    throw e;
  }
}

/** Stores a batch's verdicts and removes their pending markers, in one statement. */
async function storeModelVerdicts(w: FeedbackWindow, verdicts: Verdict[]) {
  if (verdicts.length === 0) return;
  const ids = verdicts.map((v) => v.id);
  await db.$executeRaw`
    WITH ins AS (
      INSERT INTO "FeedbackItem" ("id", "workspaceId", "templateId", "agentId", "sourceType", "sourceId", "sentiment", "category", "confidence", "classifiedBy", "detail", "sourceCounter", "occurredAt")
      SELECT gen_random_uuid()::text, m."workspaceId", m."templateId", m."agentId", 'observation', m."id", v.sentiment::"Sentiment", v.category::"FeedbackCategory",
        v.confidence, 'model', left(m."text", ${DETAIL_CHARS}), m."changeCounter", m."createdAt"
      FROM unnest(${ids}::text[], ${verdicts.map((v) => v.sentiment)}::text[], ${verdicts.map((v) => v.category)}::text[], ${verdicts.map((v) => v.confidence)}::float8[])
        AS v(id, sentiment, category, confidence)
      JOIN "AgentMessage" m ON m."id" = v.id AND m."workspaceId" = ${w.workspaceId} AND m."templateId" = ${w.templateId}
      ON CONFLICT ("sourceType", "sourceId") DO NOTHING
    )
    DELETE FROM "PendingObservation" p WHERE p."messageId" = ANY(${ids}::text[]) AND p."workspaceId" = ${w.workspaceId} AND p."templateId" = ${w.templateId}`;
}

export async function classifyObservations(input: ClassifyObservationsInput): Promise<ClassifyObservationsResult> {
  const w: FeedbackWindow = { workspaceId: input.workspaceId, templateId: input.templateId, sinceCounter: input.sinceCounter, untilCounter: input.untilCounter, since: input.since, until: input.until };
  const byModel = { positive: 0, negative: 0, neutral: 0, total: 0, malformed: 0 };
  let modelCalls = 0;
  let failure: ClassifyObservationsResult["failure"] = null;

  const countPending = async () => (await db.$queryRaw<{ n: number }[]>`SELECT count(*)::int AS n FROM "PendingObservation" p WHERE ${pendingWhere(w)}`)[0].n;
  if (input.useModel === false) return { byModel, modelCalls, pending: await countPending(), failure };

  const limit = Math.max(0, input.maxModelItems ?? MAX_MODEL_ITEMS);
  const pending = await db.$queryRaw<{ id: string; text: string }[]>`
    SELECT m."id", m."text" FROM "PendingObservation" p
    JOIN "AgentMessage" m ON m."id" = p."messageId" AND m."workspaceId" = ${w.workspaceId} AND m."templateId" = ${w.templateId}
    WHERE ${pendingWhere(w)} ORDER BY p."sourceCounter", p."messageId" LIMIT ${limit}`;
  if (pending.length > 0) {
    const model = input.model ?? getModel("classifier");
    const size = Math.max(1, input.batchSize ?? CLASSIFY_BATCH_SIZE);
    for (let start = 0, batch = 1; start < pending.length; start += size, batch++) {
      const rows = pending.slice(start, start + size);
      let answer: unknown;
      try {
        modelCalls++;
        answer = await classifyBatch(model, rows.map((r) => r.text), input.retry);
      } catch (e) {
        failure = { message: e instanceof Error ? e.message : String(e), batch, items: rows.length };
        break;
      }
      const read = readClassification(answer, rows.length);
      const verdicts: Verdict[] = rows.map((r, i) => {
        const v = read[i];
        return v
          ? { id: r.id, ...v, confidence: Math.min(1, Math.max(0, v.confidence)), malformed: false }
          : { id: r.id, sentiment: "neutral", category: "general", confidence: 0, malformed: true };
      });
      await storeModelVerdicts(w, verdicts);
      for (const v of verdicts) {
        byModel[v.sentiment]++;
        byModel.total++;
        if (v.malformed) byModel.malformed++;
      }
    }
  }
  return { byModel, modelCalls, pending: await countPending(), failure };
}
