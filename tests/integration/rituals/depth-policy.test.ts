import { describe, expect, it } from "vitest";
import { recordProposal } from "@/features/one-on-one/server";
import { startSession } from "@/features/one-on-one/server";
import { ensureImproverFor, ensureWorkspaceImprovers, getImproverOf } from "@/features/rituals/server/improvers";
import { createTemplateWithImprover } from "@/features/rituals/server";
import { createTemplateVersion } from "@/features/templates/server/create-template-version";
import { db } from "@/server/db";
import { makeEvolutionSession, makeTemplate, makeWorkspace, uid } from "../../factories";

// Improvers are agents (one per task template, one meta-improver per workspace) and recursion
// stops at depth 2: nothing improves a level-2 template, and no agent writes one.

async function fixture() {
  const { workspace, owner, scope } = await makeWorkspace();
  const template = await makeTemplate(scope, { name: `Triage ${uid()}`, directives: "Triage tickets." });
  return { workspace, owner, scope, template };
}

describe("improvers and the depth policy", () => {
  it("a task template gets its improver with the template; the level-1 template gets the meta-improver", async () => {
    const f = await fixture();
    const improver = await getImproverOf(f.workspace.id, f.template.id);
    expect(improver).toMatchObject({ kind: "templateImprover", lifecycle: "active", targetTemplateId: f.template.id });
    expect(improver!.state!.slots).toMatchObject({ activeTemplateId: f.template.id, feedbackWindowDays: 7, totalSessionsCompleted: 0, recursionDepth: 1, lastOneOnOneAt: null });
    expect(improver!.state!.scheduledWakeAt!.getTime()).toBeGreaterThan(Date.now());
    const levels = await db.agentTemplate.findMany({ where: { workspaceId: f.workspace.id }, select: { kind: true, level: true }, orderBy: { level: "asc" } });
    expect(levels).toEqual([{ kind: "taskAgent", level: 0 }, { kind: "templateImprover", level: 1 }, { kind: "metaImprover", level: 2 }]);

    // The hourly check's catch-up adds the meta-improver (of the level-1 template) once, and nothing twice.
    expect(await ensureWorkspaceImprovers(f.workspace.id)).toBe(1);
    expect(await ensureWorkspaceImprovers(f.workspace.id)).toBe(0);
    const level1 = await db.agentTemplate.findFirstOrThrow({ where: { workspaceId: f.workspace.id, level: 1 } });
    expect(await getImproverOf(f.workspace.id, level1.id)).toMatchObject({ kind: "metaImprover", state: { slots: expect.objectContaining({ recursionDepth: 2 }) } });
    // A second task template shares the workspace's improver templates.
    await createTemplateWithImprover({ scope: f.scope, name: `Release ${uid()}`, directives: "Write notes." });
    expect(await db.agentTemplate.count({ where: { workspaceId: f.workspace.id, level: { gt: 0 } } })).toBe(2);
    expect(await db.agent.count({ where: { workspaceId: f.workspace.id, kind: "templateImprover" } })).toBe(2);
  });

  it("refuses a level-3 improver, improver proposals for level 2, and agent-written level-2 versions", async () => {
    const f = await fixture();
    const level2 = await db.agentTemplate.findFirstOrThrow({ where: { workspaceId: f.workspace.id, level: 2 } });
    await expect(db.$transaction((t) => ensureImproverFor(t, f.scope, level2.id))).rejects.toMatchObject({ status: 403, message: expect.stringContaining("people only") });
    await expect(createTemplateVersion({ scope: f.scope, templateId: level2.id, directives: "Be bold.", authoredBy: "agent" })).rejects.toMatchObject({ status: 403 });
    await expect(startSession({ scope: f.scope, templateId: level2.id })).rejects.toMatchObject({ status: 403 });
    // A person may still edit it.
    const byHand = await createTemplateVersion({ scope: f.scope, templateId: level2.id, directives: "Judge by outcomes, carefully.", authoredBy: "user" });
    expect(byHand.number).toBe(2);
    // Even a session row pointed at a level-2 template cannot carry a proposal.
    const session = await makeEvolutionSession(level2);
    await expect(recordProposal({ workspaceId: f.workspace.id, sessionId: session.id, input: { directives: "Anything.", rationale: "x", confidence: 0.9 } })).rejects.toMatchObject({ status: 403 });
    expect(await db.agent.count({ where: { workspaceId: f.workspace.id, targetTemplateId: level2.id } })).toBe(0);
  });

  it("concurrent template creation still gives one improver template per level", async () => {
    const { workspace, scope } = await makeWorkspace();
    await Promise.all([1, 2, 3].map((i) => createTemplateWithImprover({ scope, name: `T${i} ${uid()}`, directives: "Do it." })));
    expect(await db.agentTemplate.count({ where: { workspaceId: workspace.id, level: 1 } })).toBe(1);
    expect(await db.agentTemplate.count({ where: { workspaceId: workspace.id, level: 2 } })).toBe(1);
    expect(await db.agent.count({ where: { workspaceId: workspace.id, kind: "templateImprover" } })).toBe(3);
  });
});
