import "server-only";
import type { EvolutionSession } from "@/generated/prisma/client";
import { notifyMembers, sessionSubject } from "@/features/notifications/server";
import { emitRitualEvent } from "@/features/webhooks/server";
import { db } from "@/server/db";
import type { Notifier } from "./ritual-state";

// What a ritual tells people: "ready for review" (per round), when nobody decided in 7 days a
// reminder that the session was abandoned, and when a step kept failing that the ritual could not
// finish (with the reason). Dedupe keys make every call safe to repeat.

export const reviewPath = (slug: string, sessionId: string) => `/w/${slug}/rituals/${sessionId}`;

export const notifyRitual: Notifier = async ({ session, kind }) => {
  const [workspace, template, proposal] = await Promise.all([
    db.workspace.findUniqueOrThrow({ where: { id: session.workspaceId }, select: { slug: true } }),
    db.agentTemplate.findUniqueOrThrow({ where: { id: session.templateId }, select: { name: true } }),
    db.proposal.findFirst({ where: { sessionId: session.id }, orderBy: { createdAt: "desc" }, select: { confidence: true, status: true } }),
  ]);
  const link = reviewPath(workspace.slug, session.id);
  if (kind === "review") {
    const round = session.round > 0 ? ` (revision ${session.round + 1})` : "";
    const draft = proposal?.status === "draft" ? " It is a draft (low confidence): reject it with a reason or refine it in chat." : "";
    await notifyMembers({
      workspaceId: session.workspaceId,
      kind: "ritual_review",
      title: `${template.name}: ritual proposal ready for review${round}`,
      body: `The improver reviewed this week's feedback and proposes new directives${proposal ? ` (confidence ${proposal.confidence.toFixed(2)})` : ""}.${draft}`,
      link,
      dedupeKey: ritualDedupeKey(session, "review"),
      subject: sessionSubject(session.id), // approving, rejecting or the expiry resolves it
      email: {
        subject: `Review the weekly proposal for ${template.name}`,
        intro: `The improver of “${template.name}” finished its weekly one-on-one and proposes new directives. Approve, reject with a reason, or refine them in chat — nothing changes without you.`,
        cta: "Review the proposal",
      },
    });
    await emitRitualEvent({ kind: "review", workspaceId: session.workspaceId, sessionId: session.id, templateId: session.templateId, dedupeKey: ritualDedupeKey(session, "review"), confidence: proposal?.confidence ?? null });
    return;
  }
  if (kind === "failed") {
    await notifyMembers({
      workspaceId: session.workspaceId,
      kind: "ritual_failed",
      title: `${template.name}: the weekly ritual could not finish`,
      body: `${session.outcomeNote ?? "The improver kept failing."}`,
      link,
      dedupeKey: ritualDedupeKey(session, "failed"),
      email: {
        subject: `The weekly ritual for ${template.name} could not finish`,
        intro: `The improver of “${template.name}” could not finish its weekly one-on-one. ${session.outcomeNote ?? ""} Nothing was changed.`,
        cta: "Open the session",
      },
    });
    await emitRitualEvent({ kind: "failed", workspaceId: session.workspaceId, sessionId: session.id, templateId: session.templateId, dedupeKey: ritualDedupeKey(session, "failed"), note: session.outcomeNote });
    return;
  }
  await notifyMembers({
    workspaceId: session.workspaceId,
    kind: "ritual_reminder",
    title: `${template.name}: weekly proposal expired`,
    body: "Nobody decided within 7 days, so the session was closed without a new version. The next ritual will look at the feedback again.",
    link,
    dedupeKey: ritualDedupeKey(session, "reminder"),
    email: {
      subject: `The weekly proposal for ${template.name} expired`,
      intro: `Nobody decided on the improver's proposal for “${template.name}” within 7 days, so the session was closed without a change. You can still read it, or open a one-on-one any time.`,
      cta: "Open the session",
    },
  });
};

export const ritualDedupeKey = (session: Pick<EvolutionSession, "id" | "round">, kind: "review" | "reminder" | "failed") =>
  kind === "review" ? `ritual:${session.id}:review:${session.round}` : `ritual:${session.id}:${kind}`;
