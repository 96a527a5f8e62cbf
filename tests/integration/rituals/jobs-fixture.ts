import type { MockLanguageModelV3 } from "ai/test";
import { builtinModel } from "@/ai/providers/builtin";
import { getImproverOf } from "@/features/rituals/server/improvers";
import { db } from "@/server/db";
import { makeRejectedEstimates, makeTemplate, makeWorkspace, uid } from "../../factories";
import { toolModel } from "../../support/scripted-models";

// Fixtures for the ritual's job drivers: a workspace (owner, member, viewer), a task template with
// its improver (created with the template), and `feedback` rejected decisions from as many agents.

export const BASE = "You triage support tickets.\n- Classify the product area.\n- Set a priority.";

/** `reason`: what the reviewers wrote (default "Estimate far too low", which no directive clause answers). */
export async function ritualFixture({ feedback = 3, reason }: { feedback?: number; reason?: string } = {}) {
  const { workspace, owner, members, scope } = await makeWorkspace({ roles: ["member", "viewer"] });
  const template = await makeTemplate(scope, { name: `Triage ${uid()}`, directives: BASE });
  const improver = await getImproverOf(workspace.id, template.id);
  if (!improver) throw new Error("createTemplateWithImprover did not create the improver");
  await makeRejectedEstimates(scope, template.id, feedback, reason);
  const notified = [owner.email, members.member!.email];
  return { workspace, owner, member: members.member!, viewer: members.viewer!, scope, template, improver, notified };
}

export type RitualFixture = Awaited<ReturnType<typeof ritualFixture>>;

export const v2 = `${BASE}\n- Estimate from the checklist: 15 minutes per step.`;
export const v3 = `${BASE}\n- Estimate from the checklist: 10 minutes per simple step, 30 per investigation.`;

/**
 * The improver, scripted by turn: 1 = the analysis (a hypothesis note), then one proposal per
 * turn from `proposals` (the last repeats). Tool results are answered with "Done.".
 */
export function scriptedImprover(proposals: string[] = [v2, v3]) {
  return toolModel((turn) =>
    turn === 1
      ? [{ tool: "record_evolution_note", input: { kind: "hypothesis", content: "Checklist-based estimates will be accepted more often." } }]
      : [{ tool: "propose_directives", input: { directives: proposals[Math.min(turn - 2, proposals.length - 1)]!, rationale: "Estimates were rejected by three agents.", confidence: 0.9 } }],
  );
}

/** Model turns taken (a turn is one call with tools plus one answering the tool results). */
export const turnsOf = (model: MockLanguageModelV3) => model.doGenerateCalls.filter((c) => c.prompt.at(-1)?.role !== "tool").length;

export const classifier = builtinModel("classifier");

/** What the ritual wrote, to check that nothing happened twice. */
export async function ritualCounts(f: RitualFixture, sessionId: string) {
  const [sessions, versions, proposals, notes, reports, reviews, reminders, emails, viewerNotifications] = await Promise.all([
    db.evolutionSession.count({ where: { templateId: f.template.id, origin: "ritual" } }),
    db.templateVersion.count({ where: { templateId: f.template.id } }),
    db.proposal.count({ where: { sessionId } }),
    db.evolutionNote.count({ where: { sessionId } }),
    db.agentReport.count({ where: { agentId: f.improver.id, scope: "weekly_summary" } }),
    db.notification.count({ where: { workspaceId: f.workspace.id, kind: "ritual_review" } }),
    db.notification.count({ where: { workspaceId: f.workspace.id, kind: "ritual_reminder" } }),
    db.emailMessage.count({ where: { to: { in: f.notified } } }),
    db.notification.count({ where: { userId: f.viewer.id } }),
  ]);
  return { sessions, versions, proposals, notes, reports, reviews, reminders, emails, viewerNotifications };
}
