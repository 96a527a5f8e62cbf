import "server-only";
import type { Tx } from "@/server/db";
import { armOf, type Arm } from "../assign";

// When probations start and end, inside the transactions that move a template's head:
// - a new version promoted over a previous head starts one (task-agent templates; a share above
//   zero; not for a version whose directives some earlier version already had — a restore is not
//   an experiment), ending the template's open one as superseded, or as rolled back when the new
//   version restores that probation's baseline;
// - the head moved to an existing version (setTemplateHead): forward (a re-promote) is a promotion
//   like the above; backward (undo, restore) ends the open one: rolled back when it moves to its
//   baseline, else superseded.
// "Open" is running or harm_detected: both arms keep running until people decide.

export const OPEN_STATUSES = ["running", "harm_detected"] as const;

type Ending = { actorUserId: string | null; now: Date };

async function endOpen(t: Tx, workspaceId: string, templateId: string, newHead: { id: string; directives: string }, { actorUserId, now }: Ending) {
  const open = await t.probation.findMany({
    where: { workspaceId, templateId, status: { in: [...OPEN_STATUSES] } },
    select: { id: true, baselineVersionId: true, harmDetectedAt: true, baseline: { select: { number: true, directives: true } }, version: { select: { number: true } } },
  });
  for (const p of open) {
    const rolledBack = p.baselineVersionId === newHead.id || p.baseline.directives === newHead.directives;
    await t.probation.update({
      where: { id: p.id },
      data: {
        status: rolledBack ? "rolled_back" : "superseded",
        endedAt: now,
        endedById: actorUserId,
        outcomeNote: rolledBack
          ? `Rolled back to the directives of v${p.baseline.number}${p.harmDetectedAt ? " after harm was found" : ""}.`
          : `Ended before its window: another version replaced v${p.version.number}.`,
      },
    });
  }
}

/** After `version` became the head in place of `previousHeadId` (createTemplateVersion). */
export async function onVersionPromoted(
  t: Tx,
  input: { workspaceId: string; templateId: string; version: { id: string; directives: string }; previousHeadId: string | null; actorUserId: string | null; now?: Date },
) {
  const now = input.now ?? new Date();
  await endOpen(t, input.workspaceId, input.templateId, input.version, { actorUserId: input.actorUserId, now });
  if (!input.previousHeadId) return null;
  const template = await t.agentTemplate.findFirst({
    where: { id: input.templateId, workspaceId: input.workspaceId },
    select: { kind: true, probationShare: true, probationDays: true, probationMinRuns: true },
  });
  if (!template || template.kind !== "taskAgent" || template.probationShare <= 0) return null;
  const restore = await t.templateVersion.count({ where: { templateId: input.templateId, workspaceId: input.workspaceId, id: { not: input.version.id }, directives: input.version.directives } });
  if (restore > 0) return null;
  return t.probation.create({
    data: {
      workspaceId: input.workspaceId,
      templateId: input.templateId,
      versionId: input.version.id,
      baselineVersionId: input.previousHeadId,
      share: template.probationShare,
      minDays: template.probationDays,
      minRuns: template.probationMinRuns,
      startedAt: now,
    },
    select: { id: true },
  });
}

/**
 * After the head moved to an existing version (undo, re-promote, restore by hand). Forward — to a
 * version newer than the head it replaces (a re-promote) — it is promoted again, so measured like
 * a new version (onVersionPromoted: the open probation ends, one starts against the replaced head
 * unless probation is off or its directives are a restore). Backward (undo, restore) only ends
 * the open one: rolled back when it returns to its baseline, else superseded.
 */
export async function onHeadMoved(
  t: Tx,
  input: { workspaceId: string; templateId: string; head: { id: string; number: number; directives: string }; previousHead: { id: string; number: number } | null; actorUserId: string | null; now?: Date },
) {
  const now = input.now ?? new Date();
  if (input.previousHead && input.head.number > input.previousHead.number) {
    await onVersionPromoted(t, { workspaceId: input.workspaceId, templateId: input.templateId, version: input.head, previousHeadId: input.previousHead.id, actorUserId: input.actorUserId, now });
    return;
  }
  await endOpen(t, input.workspaceId, input.templateId, input.head, { actorUserId: input.actorUserId, now });
}

export type WakeVersion = { id: string; number: number; directives: string };

/**
 * The version an instance runs now: the head, or — while a probation of the head is open and the
 * agent is in its baseline arm — the version the head replaced. With the probation and arm to record on the run.
 */
export async function versionForWake(
  t: Tx,
  input: { workspaceId: string; templateId: string; agentId: string; head: WakeVersion },
): Promise<{ version: WakeVersion; probationId: string | null; arm: Arm | null }> {
  const probation = await t.probation.findFirst({
    where: { workspaceId: input.workspaceId, templateId: input.templateId, versionId: input.head.id, status: { in: [...OPEN_STATUSES] } },
    select: OPEN_PROBATION_SELECT,
  });
  return versionOfArm(input.head, probation, input.agentId);
}

/** The open probation of a head, as `versionForWake` and readers that join it themselves select it. */
export const OPEN_PROBATION_SELECT = { id: true, share: true, baseline: { select: { id: true, number: true, directives: true } } } as const;

/** The version an agent runs given the head and the head's open probation (null: none). */
export function versionOfArm(head: WakeVersion, probation: { id: string; share: number; baseline: WakeVersion } | null, agentId: string): { version: WakeVersion; probationId: string | null; arm: Arm | null } {
  if (!probation) return { version: head, probationId: null, arm: null };
  const arm = armOf(probation.id, agentId, probation.share);
  return { version: arm === "baseline" ? probation.baseline : head, probationId: probation.id, arm };
}

/** The arm whose version `versionId` is: candidate, baseline, or none when it is neither. */
export function armOfVersion(probation: { versionId: string; baselineVersionId: string }, versionId: string): Arm | null {
  return versionId === probation.versionId ? "candidate" : versionId === probation.baselineVersionId ? "baseline" : null;
}

/**
 * The probation arm a run of `versionId` counts in, for a run recorded from outside (the REST
 * API): the arm whose version it ran — candidate, baseline, or none when it ran neither or no
 * probation is open — and the arm the agent was dealt (`expected`), so the caller can say when
 * the agent ran the other arm's version. A run is counted where it actually ran.
 */
export async function armOfRecordedRun(
  t: Tx,
  input: { workspaceId: string; templateId: string; agentId: string; versionId: string },
): Promise<{ probationId: string; arm: Arm | null; expected: Arm; expectedVersion: number } | null> {
  const probation = await t.probation.findFirst({
    where: { workspaceId: input.workspaceId, templateId: input.templateId, status: { in: [...OPEN_STATUSES] } },
    orderBy: { startedAt: "desc" },
    select: { id: true, share: true, versionId: true, baselineVersionId: true, version: { select: { number: true } }, baseline: { select: { number: true } } },
  });
  if (!probation) return null;
  const arm = armOfVersion(probation, input.versionId);
  const expected = armOf(probation.id, input.agentId, probation.share);
  return { probationId: probation.id, arm, expected, expectedVersion: expected === "baseline" ? probation.baseline.number : probation.version.number };
}

