import "server-only";
import type { EvolutionSession, Prisma } from "@/generated/prisma/client";
import type { FeedbackSummary } from "@/features/feedback/server";
import { isOpen } from "@/features/one-on-one/status";
import { db } from "@/server/db";
import type { ImproverSlots } from "./improvers";
import { loadImprover, lockRitual, nextWakeOf } from "./ritual-state";

/**
 * Post-ritual update, once per session (the weekly summary report's id is the marker): improver
 * slots (lastOneOnOneAt, lastFeedbackScanAt, totalSessionsCompleted), the next scheduled wake in
 * the schedule's time zone, and the weekly summary report with a confidence.
 */
export async function finalizeRitual(sessionId: string, now = new Date()) {
  return db.$transaction(async (t) => {
    const session = await lockRitual(t, sessionId);
    if (isOpen(session.status) || session.summaryReportId || !session.improverAgentId) return { finalized: false, status: session.status };
    const improver = await loadImprover(t, session.workspaceId, session.improverAgentId);
    if (!improver?.state || !improver.targetTemplate) return { finalized: false, status: session.status };
    const [proposals, notes] = await Promise.all([
      t.proposal.findMany({ where: { sessionId }, orderBy: { createdAt: "asc" }, include: { resultingVersion: { select: { number: true } } } }),
      t.evolutionNote.findMany({ where: { sessionId }, orderBy: { createdAt: "asc" }, select: { kind: true, content: true } }),
    ]);
    const approved = proposals.find((p) => p.status === "approved");
    const slots = improver.state.slots as Partial<ImproverSlots>;
    const completed = session.status === "completed";
    const nextSlots: ImproverSlots = {
      activeTemplateId: improver.targetTemplate.id,
      lastOneOnOneAt: completed ? (session.completedAt ?? now).toISOString() : (slots.lastOneOnOneAt ?? null),
      lastFeedbackScanAt: now.toISOString(),
      feedbackWindowDays: slots.feedbackWindowDays ?? 7,
      totalSessionsCompleted: (slots.totalSessionsCompleted ?? 0) + (completed ? 1 : 0),
      recursionDepth: slots.recursionDepth ?? improver.targetTemplate.level + 1,
    };
    // beginRitual set the next occurrence; if it passed while this session was open (its wake
    // found the session still open), keep it so the missed ritual runs at the next check.
    const scheduledWakeAt = improver.state.scheduledWakeAt ?? nextWakeOf(improver, now);
    const report = await t.agentReport.create({
      data: {
        workspaceId: session.workspaceId,
        agentId: improver.id,
        templateId: improver.templateId,
        scope: "weekly_summary",
        markdown: summaryMarkdown(session, improver.targetTemplate.name, proposals, notes, approved?.resultingVersion?.number ?? null),
        confidence: approved?.confidence ?? (session.status === "skipped" ? null : (proposals.at(-1)?.confidence ?? null)),
      },
    });
    await t.agentState.update({
      where: { agentId: improver.id },
      data: { slots: nextSlots as unknown as Prisma.InputJsonValue, scheduledWakeAt, revision: { increment: 1 } },
    });
    await t.evolutionSession.update({ where: { id: sessionId }, data: { summaryReportId: report.id } });
    return { finalized: true, status: session.status, scheduledWakeAt };
  });
}

function summaryMarkdown(
  session: EvolutionSession,
  templateName: string,
  proposals: { status: string; rationale: string; confidence: number; rejectionReason: string | null }[],
  notes: { kind: string; content: string }[],
  version: number | null,
): string {
  const feedback = session.feedbackSummary as FeedbackSummary | null;
  const outcome =
    session.status === "completed"
      ? version
        ? `Approved v${version}${session.userRating != null ? ` (rated ${session.userRating.toFixed(2)})` : ""}.`
        : (session.outcomeNote ?? "Completed without a change.")
      : session.status === "skipped"
        ? `Skipped: ${session.outcomeNote ?? "too little feedback."}`
        : session.status === "failed"
          ? `Failed: ${session.outcomeNote ?? "the improver kept failing."}`
          : `Abandoned: ${session.outcomeNote ?? "no decision."}`;
  const lines = [
    `## Weekly ritual #${session.sessionNumber} · ${templateName}`,
    `**Outcome:** ${outcome}`,
    feedback ? `**Feedback:** ${feedback.totals.negative} negative, ${feedback.totals.positive} positive, ${feedback.totals.neutral} neutral.` : "",
    proposals.length ? `**Proposals:** ${proposals.map((p, i) => `#${i + 1} ${p.status} (confidence ${p.confidence.toFixed(2)})${p.rejectionReason ? ` — “${p.rejectionReason}”` : ""}`).join("; ")}` : "",
    notes.filter((n) => n.kind === "hypothesis").map((n) => `- Hypothesis: ${n.content}`).join("\n"),
  ];
  return lines.filter(Boolean).join("\n\n");
}
