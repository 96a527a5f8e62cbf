import "server-only";
import { randomUUID } from "node:crypto";
import { db, type Tx } from "@/server/db";
import { emitWebhookEvent, stageWebhookEvent } from "./enqueue";

// The product's events as webhooks, one function each, so every event's shape lives here. Each is
// called where the change happens (the head's move in its transaction; a ritual's or a probation's
// outcome beside its notification) with the notification's dedupe key where there is one.

const templateLink = (slug: string, templateId: string) => `/w/${slug}/templates/${templateId}`;

/** A template's head moved (an approved proposal, a promote, an undo or a restore): staged in that transaction. */
export function stageVersionPromoted(
  t: Tx,
  input: { workspaceId: string; templateId: string; version: { id: string; number: number }; previousId: string | null },
) {
  return stageWebhookEvent(t, {
    workspaceId: input.workspaceId,
    event: "version.promoted",
    dedupeKey: `head:${input.templateId}:${input.previousId ?? "none"}:${input.version.id}:${randomUUID()}`,
    describe: async (workspace) => {
      const [template, previous] = await Promise.all([
        t.agentTemplate.findFirstOrThrow({ where: { id: input.templateId, workspaceId: input.workspaceId }, select: { name: true } }),
        input.previousId ? t.templateVersion.findFirst({ where: { id: input.previousId, workspaceId: input.workspaceId }, select: { id: true, number: true } }) : null,
      ]);
      const rollback = previous !== null && input.version.number < previous.number;
      const was = previous ? ` (was v${previous.number}${rollback ? ": rolled back" : ""})` : "";
      return {
        summary: `${template.name}: v${input.version.number} is now active${was}.`,
        link: templateLink(workspace.slug, input.templateId),
        data: { template: { id: input.templateId, name: template.name }, version: { id: input.version.id, number: input.version.number }, previousVersion: previous, rollback },
      };
    },
  });
}

/** A weekly ritual proposes new directives (per round) or could not finish. */
export function emitRitualEvent(input: { kind: "review" | "failed"; workspaceId: string; sessionId: string; templateId: string; dedupeKey: string; note?: string | null; confidence?: number | null }) {
  return emitWebhookEvent({
    workspaceId: input.workspaceId,
    event: input.kind === "review" ? "proposal.ready_for_review" : "ritual.failed",
    dedupeKey: input.dedupeKey,
    describe: async (workspace) => {
      const template = await db.agentTemplate.findFirstOrThrow({ where: { id: input.templateId, workspaceId: input.workspaceId }, select: { name: true } });
      return {
        summary:
          input.kind === "review"
            ? `${template.name}: the weekly ritual proposes new directives${input.confidence != null ? ` (confidence ${input.confidence.toFixed(2)})` : ""} and waits for a decision.`
            : `${template.name}: the weekly ritual could not finish. ${input.note ?? ""}`.trim(),
        link: `/w/${workspace.slug}/rituals/${input.sessionId}`,
        data: { template: { id: input.templateId, name: template.name }, session: { id: input.sessionId }, ...(input.kind === "failed" ? { reason: input.note ?? null } : { confidence: input.confidence ?? null }) },
      };
    },
  });
}

/** A probation's verdict: the promoted version looks worse, or it graduated. */
export function emitProbationEvent(input: { status: "harm_detected" | "graduated"; workspaceId: string; probationId: string; templateId: string; version: { number: number }; baseline: { number: number }; note: string }) {
  return emitWebhookEvent({
    workspaceId: input.workspaceId,
    event: input.status === "harm_detected" ? "probation.harm_detected" : "probation.graduated",
    dedupeKey: `probation:${input.probationId}:${input.status}`,
    describe: async (workspace) => {
      const template = await db.agentTemplate.findFirstOrThrow({ where: { id: input.templateId, workspaceId: input.workspaceId }, select: { name: true } });
      return {
        summary:
          input.status === "harm_detected"
            ? `${template.name}: v${input.version.number} looks worse than v${input.baseline.number}. ${input.note}`
            : `${template.name}: v${input.version.number} passed its probation. ${input.note}`,
        link: templateLink(workspace.slug, input.templateId),
        data: { template: { id: input.templateId, name: template.name }, probation: { id: input.probationId, version: input.version.number, baseline: input.baseline.number }, note: input.note },
      };
    },
  });
}
