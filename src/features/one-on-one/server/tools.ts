import "server-only";
import { tool } from "ai";
import { FetchInstanceInput, IMPROVER_TOOLS, ProposeDirectivesInput, RecordNoteInput } from "@/ai/prompts/improver";
import { truncateToTokens } from "@/ai/tokens";
import { recordNote } from "@/features/hypotheses/server";
import { db } from "@/server/db";
import { AppError } from "@/server/errors";
import { recordProposal } from "./record-proposal";

// The improver's tools in a one-on-one. Each executes server-side against the
// session's workspace and template only; a refusal is returned to the model as `{ ok: false,
// error }` so it can explain or adjust, instead of failing the whole answer.

export type SessionRef = { workspaceId: string; templateId: string; sessionId: string };

/** Budget for one instance's detail in the conversation (it stays in the transcript). */
const INSTANCE_DETAIL_TOKENS = 1_500;

async function refusal<T>(work: () => Promise<T>): Promise<T | { ok: false; error: string }> {
  try {
    return await work();
  } catch (e) {
    if (e instanceof AppError && e.status < 500) return { ok: false, error: e.message };
    throw e;
  }
}

export function improverTools(ref: SessionRef) {
  return {
    [IMPROVER_TOOLS.propose]: tool({
      description:
        "Propose a new version of the template's directives for a person to approve. Pass the COMPLETE new directives (not a diff), a brief rationale citing the feedback, and your confidence 0–1 (below 0.8 it is a draft that cannot be approved).",
      inputSchema: ProposeDirectivesInput,
      execute: (input) => refusal(async () => ({ ok: true as const, ...(await recordProposal({ workspaceId: ref.workspaceId, sessionId: ref.sessionId, input })) })),
    }),
    [IMPROVER_TOOLS.note]: tool({
      description: "Record a private evolution note (reflection, hypothesis, decision or pattern) that you will see in later sessions. A hypothesis should carry a prediction (metric, direction, size, probability, days until checked): it is graded against the data.",
      inputSchema: RecordNoteInput,
      execute: async (input) => {
        const note = await db.$transaction((t) => recordNote(t, ref, input));
        return { ok: true as const, noteId: note.noteId, kind: input.kind, ...(note.hypothesisId ? { hypothesisId: note.hypothesisId } : {}) };
      },
    }),
    [IMPROVER_TOOLS.fetch]: tool({
      description: "Fetch one agent instance of this template in detail: its task, state, recent runs, reports and observations.",
      inputSchema: FetchInstanceInput,
      execute: ({ agentId }) => fetchInstanceDetail(ref, agentId),
    }),
  };
}

export type ImproverTools = ReturnType<typeof improverTools>;

export async function fetchInstanceDetail(ref: SessionRef, agentId: string) {
  const agent = await db.agent.findFirst({
    where: { id: agentId, workspaceId: ref.workspaceId, templateId: ref.templateId },
    select: {
      id: true,
      displayName: true,
      lifecycle: true,
      task: { select: { title: true, status: true, estimateMinutes: true, checklist: true } },
      state: { select: { wakeCounter: true, lastWakeAt: true, consecutiveFailureCount: true } },
      runs: {
        orderBy: { startedAt: "desc" },
        take: 5,
        select: { startedAt: true, outcome: true, status: true, qualityScore: true, userRating: true, iterations: true, version: { select: { number: true } } },
      },
      reports: { orderBy: { createdAt: "desc" }, take: 3, select: { createdAt: true, markdown: true, confidence: true } },
      messages: { where: { kind: "observation" }, orderBy: { createdAt: "desc" }, take: 10, select: { createdAt: true, text: true } },
    },
  });
  if (!agent) return { ok: false as const, error: `No agent ${agentId} runs on this template.` };
  const reports = truncateToTokens(
    agent.reports.map((r) => `### ${r.createdAt.toISOString().slice(0, 10)} (confidence ${r.confidence ?? "—"})\n${r.markdown}`).join("\n\n"),
    INSTANCE_DETAIL_TOKENS,
  ).text;
  return {
    ok: true as const,
    agent: { id: agent.id, name: agent.displayName, lifecycle: agent.lifecycle },
    task: agent.task,
    state: agent.state,
    runs: agent.runs.map((r) => ({ ...r, version: r.version.number })),
    reports,
    observations: agent.messages.map((m) => `${m.createdAt.toISOString().slice(0, 10)}: ${m.text}`),
  };
}
