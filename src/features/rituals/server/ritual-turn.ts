import "server-only";
import { generateText, stepCountIs, tool, type LanguageModel } from "ai";
import type { EvolutionSession, Prisma } from "@/generated/prisma/client";
import { modelLimits } from "@/ai/limits";
import { getModel } from "@/ai/models";
import { IMPROVER_TOOLS, improverProviderOptions, ProposeDirectivesInput, RecordNoteInput, type ImproverRequest, type NoteKind } from "@/ai/prompts/improver";
import { withModelRetry } from "@/ai/retry";
import { modelTelemetry } from "@/ai/telemetry";
import { UsageMeter, type UsageEntry } from "@/ai/usage";
import { buildSessionContext } from "@/features/one-on-one/server";

/** `usage`: the turn's tokens, for the caller's transaction to add to the usage ledger. */
export type Collected = { text: string; notes: { kind: NoteKind; content: string }[]; proposals: ProposeDirectivesInput[]; usage: UsageEntry[] };

/**
 * One model turn of the ritual; tool calls are collected in memory and written by the caller's
 * transaction. The context's time windows (metrics, decision history) end at the ritual's `now`.
 */
export async function ritualTurn(session: EvolutionSession, request: ImproverRequest, offer: "note" | "propose", model?: LanguageModel, now = new Date()): Promise<Collected> {
  const context = await buildSessionContext(session, now);
  const collected: Collected = { text: "", notes: [], proposals: [], usage: [] };
  const tools = {
    [IMPROVER_TOOLS.note]: tool({
      description: "Record a private evolution note (reflection, hypothesis, decision or pattern) for later sessions. A hypothesis should carry a prediction (metric, direction, size, probability, days until checked): it is graded against the data.",
      inputSchema: RecordNoteInput,
      execute: async (input) => {
        collected.notes.push(input);
        return { ok: true as const };
      },
    }),
    ...(offer === "propose"
      ? {
          [IMPROVER_TOOLS.propose]: tool({
            description: "Propose the COMPLETE new directives, a rationale citing the feedback, and your confidence 0–1.",
            inputSchema: ProposeDirectivesInput,
            execute: async (input) => {
              collected.proposals.push(input);
              return { ok: true as const, status: "recorded" };
            },
          }),
        }
      : {}),
  };
  const improver = model ?? getModel("improver");
  const limits = modelLimits("improver");
  const result = await withModelRetry(
    (abortSignal) => generateText({ model: improver, system: context.system, prompt: request.text, providerOptions: improverProviderOptions({ context: context.facts, turn: request.turn }), tools, stopWhen: stepCountIs(4), maxOutputTokens: limits.maxOutputTokens, maxRetries: 0, abortSignal,
      experimental_telemetry: modelTelemetry("improver", { workspaceId: session.workspaceId, templateId: session.templateId, templateVersion: context.facts.head?.version, runId: session.id }) }),
    { retries: 2, baseMs: 500, timeoutMs: limits.timeoutMs, provider: improver },
  );
  const meter = new UsageMeter();
  meter.add("improver", improver, result.totalUsage);
  collected.usage = meter.entries();
  collected.text = result.steps.map((s) => s.text).filter(Boolean).join("\n\n").trim();
  return collected;
}

/** The transcript of a ritual turn, shaped like the one-on-one's (the review page and "Refine in chat" show it). */
export function transcriptRows(session: EvolutionSession, request: string, collected: Collected, proposal?: { proposalId: string; status: string; version: number; confidence: number; input: ProposeDirectivesInput }) {
  const parts: unknown[] = [];
  if (collected.text) parts.push({ type: "text", text: collected.text });
  collected.notes.forEach((n, i) => parts.push({ type: "tool-record_evolution_note", toolCallId: `ritual-${session.id}-${session.round}-note-${i}`, state: "output-available", input: n, output: { ok: true, kind: n.kind } }));
  if (proposal) {
    parts.push({
      type: "tool-propose_directives",
      toolCallId: `ritual-${session.id}-${session.round}-propose`,
      state: "output-available",
      input: proposal.input,
      output: { ok: true, proposalId: proposal.proposalId, status: proposal.status, version: proposal.version, confidence: proposal.confidence },
    });
  }
  const base = { workspaceId: session.workspaceId, sessionId: session.id };
  return [
    { ...base, role: "user" as const, parts: [{ type: "text", text: request }] as unknown as Prisma.InputJsonValue, metadata: { kind: "ritual" } },
    { ...base, role: "assistant" as const, parts: parts as Prisma.InputJsonValue, metadata: {} },
  ];
}
