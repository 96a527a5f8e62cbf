import "server-only";
import { isDeepStrictEqual } from "node:util";
import { convertToModelMessages, createUIMessageStreamResponse, stepCountIs, streamText, type InferUITools, type LanguageModel, type UIMessage } from "ai";
import type { Prisma } from "@/generated/prisma/client";
import { modelLimits } from "@/ai/limits";
import { describeModelError } from "@/ai/retry";
import { withSettledStreams } from "@/ai/stream-guard";
import { getModel } from "@/ai/models";
import { improverProviderOptions } from "@/ai/prompts/improver";
import { modelTelemetry } from "@/ai/telemetry";
import { UsageMeter } from "@/ai/usage";
import { recordModelUsage } from "@/features/usage/server";
import { db } from "@/server/db";
import { conflict, notFound } from "@/server/errors";
import { errorFields, logger } from "@/server/logger";
import type { ChatMessageInput } from "../schemas";
import { isOpen } from "../status";
import { chatTurn } from "./chat-turn";
import { followAnswer, stopAnswer, trackAnswer } from "./answers-in-flight";
import { discardAnswer, editMessage } from "./discard-answer";
import { buildSessionContext } from "./session-context";
import { improverTools, type ImproverTools } from "./tools";
import { budgetTranscript } from "./transcript-budget";
import { settleUnfinishedParts } from "../unfinished-parts";

// One turn of the one-on-one: persist the person's message, assemble the improver's context
// (token-budgeted, from the database — not from what the browser sends), stream the answer with
// tools, persist the answer when the stream ends (even if the browser went away).

export type ChatMetadata = {
  kind?: "opening" | "rejection" | "ritual";
  proposalId?: string;
  authorId?: string;
  authorName?: string;
  /** When it was stored (read back). */
  sentAt?: string;
  /** An answer a person stopped: what was written up to then. */
  stopped?: boolean;
  /** An answer the model broke off (an error mid-stream, or it stopped sending): what arrived up to then. */
  cutOff?: boolean;
};
export type ImproverUIMessage = UIMessage<ChatMetadata, never, InferUITools<ImproverTools>>;

/** Steps per answer: e.g. note → propose → closing text, with one look-up. */
const MAX_STEPS = 5;

export async function loadTranscript(workspaceId: string, sessionId: string): Promise<ImproverUIMessage[]> {
  const rows = await db.evolutionMessage.findMany({
    where: { workspaceId, sessionId },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    select: { id: true, role: true, parts: true, author: { select: { id: true, name: true, email: true } }, metadata: true, createdAt: true },
  });
  return rows.map((r) => ({
    id: r.id,
    role: r.role,
    parts: settleUnfinishedParts(r.parts as unknown as ImproverUIMessage["parts"]),
    metadata: { ...(r.metadata as ChatMetadata | null), ...(r.author ? { authorId: r.author.id, authorName: r.author.name ?? r.author.email } : {}), sentAt: r.createdAt.toISOString() },
  }));
}

export type ReplyOptions = {
  workspaceId: string;
  templateId: string;
  sessionId: string;
  userId: string | null;
  message: ChatMessageInput;
  /** "Regenerate": the newest answer, taken back (discardAnswer) before the message is answered again. */
  replaces?: string;
  /** "Edit": the person's newest message, its text replaced by `message`'s and its answer taken back (editMessage), then answered again. */
  edits?: string;
  /** Tests pass a scripted model; the app uses the improver role's. */
  model?: LanguageModel;
};

/** "Stop": cuts the answer being written in this session (answers-in-flight.ts) and returns once it is stored; false when none is. */
export async function stopImproverReply({ workspaceId, templateId, sessionId }: { workspaceId: string; templateId: string; sessionId: string }) {
  const session = await db.evolutionSession.findFirst({ where: { id: sessionId, workspaceId, templateId }, select: { id: true } });
  if (!session) throw notFound("Session not found.");
  return { stopped: await stopAnswer(sessionId) };
}

/**
 * A page (re)loaded while the session's answer is written: that answer's UI message stream from
 * its start, then live until it is stored (answers-in-flight.ts); 204 when none is being written
 * in this process — the page then polls for the stored answer.
 */
export async function followImproverReply({ workspaceId, templateId, sessionId }: { workspaceId: string; templateId: string; sessionId: string }): Promise<Response> {
  const session = await db.evolutionSession.findFirst({ where: { id: sessionId, workspaceId, templateId }, select: { id: true } });
  if (!session) throw notFound("Session not found.");
  const stream = followAnswer(sessionId);
  if (!stream) return new Response(null, { status: 204, headers: { "Cache-Control": "no-store" } });
  return createUIMessageStreamResponse({ stream, headers: { "Cache-Control": "no-store" } });
}

/** Streams the improver's answer as an AI SDK UI message stream response. */
export async function streamImproverReply({ workspaceId, templateId, sessionId, userId, message, replaces, edits, model }: ReplyOptions): Promise<Response> {
  const session = await db.evolutionSession.findFirst({ where: { id: sessionId, workspaceId, templateId } });
  if (!session) throw notFound("Session not found.");
  if (!isOpen(session.status)) throw conflict("This session has ended. Start a new one-on-one to keep talking.");
  // After this, the newest stored message is the one asked again: it is answered as a retry below.
  if (replaces) await db.$transaction((t) => discardAnswer(t, { workspaceId, sessionId, messageId: replaces }));
  // After this, the edited message (its new text stored) is the newest one, answered as a retry below.
  if (edits) await db.$transaction((t) => editMessage(t, { workspaceId, sessionId, messageId: edits, userId, parts: message.parts }));

  // "Try again" after a failed answer sends the same message again: the newest stored message is
  // that very message with no answer after it, so it is not stored twice (nor refused as a second opening).
  const newest = await db.evolutionMessage.findFirst({ where: { workspaceId, sessionId }, orderBy: [{ createdAt: "desc" }, { id: "desc" }] });
  // A regenerated answer's message is the newest stored one (discardAnswer checked it), whoever wrote it.
  const retry =
    Boolean(replaces || edits) ||
    (newest?.role === "user" &&
    newest.authorUserId === userId &&
    // jsonb keeps its own key order: compare values, not strings.
    isDeepStrictEqual(JSON.parse(JSON.stringify(newest.parts)), JSON.parse(JSON.stringify(message.parts))) &&
    isDeepStrictEqual(JSON.parse(JSON.stringify(newest.metadata ?? {})), JSON.parse(JSON.stringify(message.metadata ?? {}))));
  if (message.metadata?.kind === "opening" && newest && !retry) throw conflict("This session is already open.");
  if (!retry) {
    await db.evolutionMessage.create({
      data: {
        workspaceId,
        sessionId,
        role: "user",
        parts: message.parts as unknown as Prisma.InputJsonValue,
        metadata: (message.metadata ?? {}) as Prisma.InputJsonValue,
        authorUserId: userId,
      },
    });
  }

  const [history, context, turn] = await Promise.all([loadTranscript(workspaceId, sessionId), buildSessionContext(session), chatTurn({ workspaceId, sessionId, message })]);
  const tools = improverTools({ workspaceId, templateId, sessionId });
  const limits = modelLimits("improver");
  // A body that breaks while it is read ends the answer like any other stream error (stream-guard.ts);
  // the registry's models are guarded already, a model passed in (tests) is guarded here.
  const improver = withSettledStreams(model ?? getModel("improver"));
  const answer = trackAnswer(sessionId);
  // Tokens of every finished step (a stopped answer's last step reports none), for the usage ledger.
  const meter = new UsageMeter();
  /** The model broke off somewhere in the answer (an error part: a malformed chunk, a reset, a stall). */
  let broken = false;
  const result = streamText({
    model: improver,
    // A stalled provider is cut (the whole answer, all its steps), and a runaway answer capped; Stop cuts it too.
    abortSignal: AbortSignal.any([AbortSignal.timeout(limits.timeoutMs), answer.signal]),
    maxOutputTokens: limits.maxOutputTokens,
    system: context.system,
    // The newest turns within TRANSCRIPT_BUDGET tokens; older ones cut, and the model told so.
    messages: await convertToModelMessages(budgetTranscript(history).messages, { tools, ignoreIncompleteToolCalls: true }),
    tools,
    providerOptions: improverProviderOptions({ context: context.facts, turn }),
    stopWhen: stepCountIs(MAX_STEPS),
    experimental_telemetry: modelTelemetry("improver", { workspaceId, templateId, templateVersion: context.facts.head?.version, runId: sessionId }),
    onStepFinish: ({ usage }) => meter.add("improver", improver, usage),
    onError: ({ error }) => {
      broken = true;
      logger.error("one-on-one: model stream failed", { sessionId, ...errorFields(error) });
    },
  });
  // Finish (and persist) the answer even when the browser disconnects mid-stream.
  void result.consumeStream();
  const stream = result.toUIMessageStream<ImproverUIMessage>({
    originalMessages: history,
    onFinish: async ({ responseMessage, finishReason }) => {
      if (responseMessage.parts.length === 0) return;
      const metadata = answer.signal.aborted ? { stopped: true } : broken || finishReason === "error" ? { cutOff: true } : {};
      // A broken or cut-off answer leaves no step "in progress" behind (unfinished-parts.ts).
      const parts = settleUnfinishedParts(responseMessage.parts);
      await db.$transaction(async (t) => {
        await t.evolutionMessage.create({
          data: { workspaceId, sessionId, role: "assistant", parts: parts as unknown as Prisma.InputJsonValue, metadata },
        });
        await recordModelUsage(t, { workspaceId, templateId, at: new Date(), entries: meter.entries() });
      });
    },
    // Shown to the person: what the provider did, in words an admin can act on, never a host or a key.
    onError: (error) => {
      const why = describeModelError(error, improver);
      return why ? `The improver could not answer: ${why} Try again in a moment.` : "The improver could not answer just now. Try again in a moment.";
    },
  });
  // This process reads the answer to its end (onFinish stores it, then the stream closes), keeping
  // its chunks for whoever follows it: this response, and a page reloaded meanwhile (GET, resumable).
  const reading = answer.follow();
  void (async () => {
    try {
      for await (const chunk of stream) answer.record(chunk);
    } catch (error) {
      logger.error("one-on-one: answer stream failed", { sessionId, ...errorFields(error) });
    } finally {
      answer.release();
    }
  })();
  return createUIMessageStreamResponse({ stream: reading });
}
