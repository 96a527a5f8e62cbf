import "server-only";
import { createHash } from "node:crypto";
import { z } from "zod";
import { allowPrivateWebhookTargets, postWebhook, webhookHeaders, webhookUrlProblem } from "@/features/webhooks/server";
import { retryAfterMs } from "@/lib/retry-after";
import type { ReplayRequest } from "../../../../packages/client/src";
import type { ReplayOutput, RunSide } from "../compare";

// The replay endpoint of a template whose agents run in the team's own code: the replay check
// POSTs one request per run and side — the run's stored inputs (what the agent sent with the run)
// and the directives to play it with — signed as webhooks are (Standard Webhooks: webhook-id,
// webhook-timestamp, webhook-signature), and the team's agent answers with what it would propose
// and report, in the API's shapes. Bounded: a timeout per call, an answer of at most 256 KB, the
// same private-address rule as webhooks, and (run-replay-check.ts) two calls in flight per check and
// a token budget per check. A failure says whether another attempt can help; the workflow engine
// retries those (the replay-check job, one step per run).

export const REPLAY_CALL_TIMEOUT_MS = 60_000;
export const REPLAY_MAX_ANSWER_CHARS = 256_000;

const Count = z.number().int().min(0).max(2_147_483_647);

/** What the team's agent answers: its run in the API's shapes (change-set items, a report, observations, the run's score and tokens). */
export const ReplayAnswerSchema = z.object({
  proposals: z
    .array(z.object({ tool: z.string().trim().min(1).max(80), args: z.record(z.string(), z.unknown()).default({}), summary: z.string().trim().max(1000).default("") }))
    .max(50)
    .default([]),
  report: z.object({ markdown: z.string().max(100_000), confidence: z.number().min(0).max(1).nullable().default(null) }).nullable().default(null),
  observations: z.array(z.string().max(20_000)).max(50).default([]),
  qualityScore: z.number().min(0).max(1).nullable().default(null),
  inputTokens: Count.default(0),
  outputTokens: Count.default(0),
});
export type ReplayAnswer = z.infer<typeof ReplayAnswerSchema>;

/**
 * The request body, one run of the template played with one side's directives: the typed client's
 * own type (packages/client), so what is sent and what `serveReplay` hands the team's handler are
 * one definition.
 */
export type { ReplayRequest };

export class ReplayCallError extends Error {
  constructor(
    message: string,
    /** Another attempt may succeed (a timeout, 429, 5xx, a refused connection). */
    readonly retryable: boolean,
    /** What the endpoint asked for (Retry-After), in ms. */
    readonly retryAfterMs: number | null = null,
  ) {
    super(message);
  }
}

/** One signed call; the answer as a replay side, or a ReplayCallError that says why and whether to retry. */
export async function callReplayEndpoint({ url, secret, request, timeoutMs = REPLAY_CALL_TIMEOUT_MS }: { url: string; secret: string; request: ReplayRequest; timeoutMs?: number }): Promise<RunSide> {
  const allowPrivate = allowPrivateWebhookTargets();
  const problem = webhookUrlProblem(url, { allowPrivate });
  if (problem) throw new ReplayCallError(`The replay endpoint is not allowed: ${problem}`, false);
  const body = JSON.stringify(request);
  // The same id on every attempt of one run and directives: a receiver may recognise a retry.
  const id = `${request.checkId}.${request.run.id}.${request.side}.${createHash("sha256").update(request.directives).digest("hex").slice(0, 12)}`;
  const sent = await postWebhook({ url, body, headers: webhookHeaders({ id, body, secret }), timeoutMs, allowPrivate, maxBody: REPLAY_MAX_ANSWER_CHARS, userAgent: "AgentCoach-Replay/1" });
  if ("error" in sent) throw new ReplayCallError(`The replay endpoint did not answer: ${sent.error}`, true);
  if (sent.status === 429 || sent.status === 408 || sent.status >= 500) {
    throw new ReplayCallError(`The replay endpoint answered ${sent.status}`, true, sent.retryAfter ? retryAfterMs(sent.retryAfter) : null);
  }
  if (sent.status < 200 || sent.status >= 300) throw new ReplayCallError(`The replay endpoint refused the run (${sent.status}${sent.body ? `: ${sent.body.slice(0, 200)}` : ""})`, false);
  if (sent.truncated) throw new ReplayCallError(`The replay endpoint's answer is larger than ${REPLAY_MAX_ANSWER_CHARS / 1000} KB`, false);
  let json: unknown;
  try {
    json = JSON.parse(sent.body);
  } catch {
    throw new ReplayCallError("The replay endpoint's answer is not JSON", false);
  }
  const parsed = ReplayAnswerSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new ReplayCallError(`The replay endpoint's answer does not have the run's shape (${issue.path.join(".") || "body"}: ${issue.message})`, false);
  }
  return sideOfAnswer(parsed.data);
}

export function sideOfAnswer(answer: ReplayAnswer): RunSide {
  const output: ReplayOutput = { proposals: answer.proposals, report: answer.report, observations: answer.observations };
  return { output, score: answer.qualityScore, tokens: answer.inputTokens + answer.outputTokens };
}
