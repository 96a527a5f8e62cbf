import "server-only";
import { notifyMembers } from "@/features/notifications/server";
import { emitProbationEvent } from "@/features/webhooks/server";
import { db } from "@/server/db";
import { errorFields, logger } from "@/server/logger";
import { judgeProbation } from "../outcome";
import { OPEN_STATUSES } from "./lifecycle";
import { measureAndStore } from "./measure";

// The probation check (a step of the hourly check; the lab calls it at its simulated times): every
// open probation is measured again; a running one whose sequential test finds harm becomes
// harm_detected — its template's members get a notification and an email linking to the template
// page, and the next ritual proposes a rollback — and one whose window has passed graduates. Each
// transition is a conditional update (status still running), so concurrent checks act once.

export const templatePath = (slug: string, templateId: string) => `/w/${slug}/templates/${templateId}`;

export type ProbationCheck = { measured: number; graduated: number; harmDetected: number };

/** `workspaceId`: only that workspace's (the lab); the hourly check does every workspace. */
/** `notify: false` (the lab): the transitions without notifications, emails or webhooks. */
export async function checkProbations(now = new Date(), { limit = 200, workspaceId, notify = true }: { limit?: number; workspaceId?: string; notify?: boolean } = {}): Promise<ProbationCheck> {
  const open = await db.probation.findMany({
    where: { status: { in: [...OPEN_STATUSES] }, ...(workspaceId ? { workspaceId } : {}) },
    orderBy: { measuredAt: { sort: "asc", nulls: "first" } },
    take: limit,
    select: { id: true, workspaceId: true, templateId: true, status: true, startedAt: true, minDays: true, minRuns: true, version: { select: { number: true } }, baseline: { select: { number: true } } },
  });
  const result: ProbationCheck = { measured: 0, graduated: 0, harmDetected: 0 };
  for (const p of open) {
    try {
      const effects = await measureAndStore(p.workspaceId, p.id, now);
      result.measured++;
      if (p.status !== "running") continue;
      const verdict = judgeProbation(p, effects, now);
      if (verdict.status === "running") continue;
      const moved = await db.probation.updateMany({
        where: { id: p.id, workspaceId: p.workspaceId, status: "running" },
        data: { status: verdict.status, outcomeNote: verdict.note, ...(verdict.status === "graduated" ? { endedAt: now } : { harmDetectedAt: now }) },
      });
      if (moved.count === 0) continue;
      if (verdict.status === "graduated") result.graduated++;
      else result.harmDetected++;
      if (notify) await notifyOutcome({ ...p, status: verdict.status, note: verdict.note });
      if (notify) await emitProbationEvent({ status: verdict.status, workspaceId: p.workspaceId, probationId: p.id, templateId: p.templateId, version: p.version, baseline: p.baseline, note: verdict.note });
    } catch (e) {
      logger.error("probation: check failed", { probationId: p.id, ...errorFields(e) });
    }
  }
  return result;
}

async function notifyOutcome(p: { id: string; workspaceId: string; templateId: string; status: "graduated" | "harm_detected"; note: string; version: { number: number }; baseline: { number: number } }) {
  const [workspace, template] = await Promise.all([
    db.workspace.findUniqueOrThrow({ where: { id: p.workspaceId }, select: { slug: true } }),
    db.agentTemplate.findUniqueOrThrow({ where: { id: p.templateId }, select: { name: true } }),
  ]);
  const link = templatePath(workspace.slug, p.templateId);
  if (p.status === "harm_detected") {
    await notifyMembers({
      workspaceId: p.workspaceId,
      kind: "probation_harm",
      title: `${template.name}: v${p.version.number} looks worse than v${p.baseline.number}`,
      body: `${p.note} The next ritual proposes a rollback; you can roll back now from the template page.`,
      link,
      dedupeKey: `probation:${p.id}:harm`,
      email: {
        subject: `v${p.version.number} of ${template.name} looks worse than the version before`,
        intro: `Version ${p.version.number} of “${template.name}” is on probation: a share of its instances kept v${p.baseline.number} to compare. ${p.note} The next weekly ritual proposes a rollback, or roll back now from the template page.`,
        cta: "Open the template",
      },
    });
    return;
  }
  await notifyMembers({
    workspaceId: p.workspaceId,
    kind: "probation_outcome",
    title: `${template.name}: v${p.version.number} passed its probation`,
    body: `${p.note} Every instance now runs v${p.version.number}.`,
    link,
    dedupeKey: `probation:${p.id}:graduated`,
  });
}
