import "server-only";
import { generateText, NoObjectGeneratedError, NoOutputGeneratedError, Output, type LanguageModel } from "ai";
import { modelLimits } from "@/ai/limits";
import { getModel } from "@/ai/models";
import { ClassificationItemSchema, ClassificationSchema, classifyFeedbackPrompt, type ClassificationAnswer, type FeedbackText } from "@/ai/prompts/classify-feedback";
import { withModelRetry, type ModelRetryOptions } from "@/ai/retry";
import { parseLooseJson } from "@/ai/structured";
import { modelTelemetry } from "@/ai/telemetry";
import { UsageMeter } from "@/ai/usage";
import { recordModelUsage } from "@/features/usage/server";
import { Prisma } from "@/generated/prisma/client";
import { db } from "@/server/db";
import { classifierSource, type FeedbackCategory, type Sentiment, type WrittenSource } from "../rules";
import { reasonVerdictSql } from "../rules-sql";
import { storeFeedbackLabels } from "../store-labels";
import { getWorkspaceLabelling, type WorkspaceLabelling } from "./workspace-labelling";

// Free text → the classifier, every text ONCE. A written text (an agent's observation, a reason a
// person gave for a decision) got a PendingFeedback marker in the transaction that wrote it
// (../rules-sql.ts). This reads the markers oldest first — all of them for the background job,
// one workspace or template for the pipeline's catch-up — and sends them to the classifier model
// (`getModel("classifier")`: the trained built-in classifier without a provider, the configured
// model with one) in batches of 25 texts of one workspace, as structured output.
//
// - A label the model gave: the FeedbackItem (classifiedBy "model") is inserted and the marker
//   deleted in ONE statement (DELETE … RETURNING feeds the INSERT), so two runs racing over a
//   marker store one item, and a second run makes no model call.
// - No usable label for a text (the answer skipped it, or it did not match the schema): nothing is
//   stored for it — never a made-up neutral — and its marker's `attempts` + 1 with the reason.
// - The provider failed (after retries): nothing is stored for the batch, its markers' `attempts`
//   + 1 with the error, and the run stops (no more calls while the provider is down).
// A marker tried MAX_ATTEMPTS times is left alone ("could not be classified"); "Classify new
// feedback" on the template page tries those again.

export const CLASSIFY_BATCH_SIZE = 25;
/** Texts read per call (a job run, a pipeline's catch-up): the cost guard; the rest next time. */
export const MAX_ITEMS_PER_RUN = 1_000;
/** After this many failed tries a text waits for a person's "Classify new feedback". */
export const MAX_ATTEMPTS = 5;

export type ClassifyPendingInput = {
  /** Only this workspace's texts (the job: every workspace). */
  workspaceId?: string;
  /** Only this template's texts (with workspaceId). */
  templateId?: string;
  /** Defaults to getModel("classifier"). */
  model?: LanguageModel;
  batchSize?: number;
  maxItems?: number;
  retry?: ModelRetryOptions;
};

export type ClassifyPendingResult = {
  classified: Record<Sentiment, number> & { total: number };
  modelCalls: number;
  /** Texts this run tried and could not label (they stay pending). */
  failedItems: number;
  /** Texts still waiting in scope and not given up (more than maxItems, or failed this run). */
  pending: number;
  failure: { message: string; batch: number; items: number } | null;
};

/** `verdict`: the decision's, for a reason (what the classifier reads it as: `classifierSource`). */
type Marker = { sourceType: WrittenSource; sourceId: string; workspaceId: string; text: string; verdict: string | null };
export type Label = { sentiment: Sentiment; category: FeedbackCategory; confidence: number };

/** Reads the model's answer leniently: a valid label per index, null where there is none. */
export function readClassification(answer: unknown, count: number): (Label | null)[] {
  const out: (Label | null)[] = Array.from({ length: count }, () => null);
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

/**
 * One batch of texts through the classifier model, exactly as the product sends it: a label per
 * text, in order, null where the answer had none. Throws when the provider fails (after retries).
 * `npm run classify` and `npm run eval:classifier -- --provider` call it too.
 */
export async function labelFeedbackTexts(model: LanguageModel, texts: FeedbackText[], retry?: ModelRetryOptions, usage?: BatchUsage, labelling?: Pick<WorkspaceLabelling, "adaptation" | "examples">): Promise<(Label | null)[]> {
  return readClassification(await classifyBatch(model, texts, retry, usage, labelling), texts.length);
}

/** Where a batch's tokens are counted (the usage ledger) and whose they are (its trace span). */
type BatchUsage = { meter: UsageMeter; workspaceId: string };

async function classifyBatch(model: LanguageModel, texts: FeedbackText[], retry: ModelRetryOptions | undefined, usage: BatchUsage | undefined, labelling: Pick<WorkspaceLabelling, "adaptation" | "examples"> | undefined): Promise<unknown> {
  const { system, prompt, providerOptions } = classifyFeedbackPrompt(texts, labelling);
  const limits = modelLimits("classifier");
  const telemetry = usage ? { experimental_telemetry: modelTelemetry("classifier", { workspaceId: usage.workspaceId }) } : {};
  try {
    const result = await withModelRetry(
      (abortSignal) =>
        generateText({ model, system, prompt, providerOptions, output: Output.object({ schema: ClassificationSchema }), temperature: 0, maxOutputTokens: limits.maxOutputTokens, maxRetries: 0, abortSignal, ...telemetry }),
      { retries: 2, timeoutMs: limits.timeoutMs, provider: model, ...retry },
    );
    usage?.meter.add("classifier", model, result.totalUsage);
    return result.output satisfies ClassificationAnswer;
  } catch (e) {
    // The provider answered, but not with the schema: keep what is usable; the rest stays pending.
    if (NoObjectGeneratedError.isInstance(e)) {
      usage?.meter.add("classifier", model, e.usage);
      return parseLooseJson(e.text);
    }
    if (NoOutputGeneratedError.isInstance(e)) return null;
    throw e;
  }
}

const keys = (markers: Marker[]) => ({ types: markers.map((m) => m.sourceType), ids: markers.map((m) => m.sourceId) });

/** One more failed try for these markers, with the reason (what the template page shows). */
async function recordFailure(workspaceId: string, markers: Marker[], error: string) {
  if (!markers.length) return;
  const { types, ids } = keys(markers);
  await db.$executeRaw`
    UPDATE "PendingFeedback" p SET "attempts" = p."attempts" + 1, "lastError" = ${error.slice(0, 500)}
    FROM unnest(${types}::text[], ${ids}::text[]) AS v(source_type, source_id)
    WHERE p."workspaceId" = ${workspaceId} AND p."sourceType" = v.source_type AND p."sourceId" = v.source_id`;
}

function scopeWhere(input: Pick<ClassifyPendingInput, "workspaceId" | "templateId">): Prisma.Sql {
  const parts = [Prisma.sql`p."attempts" < ${MAX_ATTEMPTS}`];
  if (input.workspaceId) parts.push(Prisma.sql`p."workspaceId" = ${input.workspaceId}`);
  if (input.templateId) parts.push(Prisma.sql`p."templateId" = ${input.templateId}`);
  return Prisma.join(parts, " AND ");
}

export async function classifyPendingFeedback(input: ClassifyPendingInput = {}): Promise<ClassifyPendingResult> {
  const classified = { positive: 0, negative: 0, neutral: 0, total: 0 };
  let modelCalls = 0;
  let failedItems = 0;
  let failure: ClassifyPendingResult["failure"] = null;
  const where = scopeWhere(input);
  const countPending = async () => (await db.$queryRaw<{ n: number }[]>`SELECT count(*)::int AS n FROM "PendingFeedback" p WHERE ${where}`)[0].n;

  const limit = Math.max(0, input.maxItems ?? MAX_ITEMS_PER_RUN);
  const markers = await db.$queryRaw<Marker[]>`
    SELECT p."sourceType", p."sourceId", p."workspaceId", p."text", ${Prisma.raw(reasonVerdictSql("p"))} AS "verdict" FROM "PendingFeedback" p
    WHERE ${where} ORDER BY p."createdAt", p."sourceType", p."sourceId" LIMIT ${limit}`;
  if (!markers.length) return { classified, modelCalls, failedItems, pending: 0, failure };

  // A batch holds one workspace's texts only: no prompt mixes two workspaces' feedback.
  const byWorkspace = new Map<string, Marker[]>();
  for (const m of markers) {
    const rows = byWorkspace.get(m.workspaceId);
    if (rows) rows.push(m);
    else byWorkspace.set(m.workspaceId, [m]);
  }
  const size = Math.max(1, input.batchSize ?? CLASSIFY_BATCH_SIZE);
  const model = input.model ?? getModel("classifier");
  let batch = 0;
  outer: for (const [workspaceId, rows] of byWorkspace) {
    // What this workspace's people taught: its adaptation (built-in model), its corrections (few-shot).
    const labelling = await getWorkspaceLabelling(workspaceId);
    for (let start = 0; start < rows.length; start += size) {
      const chunk = rows.slice(start, start + size);
      batch++;
      let labels: (Label | null)[];
      const meter = new UsageMeter();
      try {
        modelCalls++;
        labels = await labelFeedbackTexts(model, chunk.map((m) => ({ text: m.text, source: classifierSource(m.sourceType, m.verdict) })), input.retry, { meter, workspaceId }, labelling);
      } catch (e) {
        const message = e instanceof Error ? e.message : String(e);
        failure = { message, batch, items: chunk.length };
        failedItems += chunk.length;
        await recordFailure(workspaceId, chunk, `The classifier model failed: ${message}`);
        break outer;
      }
      const labeled = chunk.flatMap((marker, i) => (labels[i] ? [{ marker, label: labels[i] }] : []));
      const unlabeled = chunk.filter((_, i) => !labels[i]);
      // A batch may hold several templates' texts: its tokens count for the workspace ('' template).
      await db.$transaction(async (t) => {
        await storeFeedbackLabels(t, workspaceId, labeled.map(({ marker, label }) => ({ key: marker, label })));
        await recordModelUsage(t, { workspaceId, templateId: null, at: new Date(), entries: meter.entries() });
      });
      await recordFailure(workspaceId, unlabeled, "The classifier's answer had no valid label for this text.");
      failedItems += unlabeled.length;
      for (const { label } of labeled) {
        classified[label.sentiment]++;
        classified.total++;
      }
    }
  }
  return { classified, modelCalls, failedItems, pending: await countPending(), failure };
}

/** "Classify new feedback": a template's texts given up after MAX_ATTEMPTS are tried again. */
export async function retryGivenUpFeedback({ workspaceId, templateId }: { workspaceId: string; templateId: string }) {
  return db.pendingFeedback.updateMany({ where: { workspaceId, templateId, attempts: { gte: MAX_ATTEMPTS } }, data: { attempts: 0 } });
}
