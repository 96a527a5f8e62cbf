import { describe, expect, it } from "vitest";
import { createAgent } from "@/features/agents/server/create-agent";
import { recordRun } from "@/features/agents/server/record-run";
import { createTemplateWithImprover } from "@/features/rituals/server";
import { createTemplateVersion } from "@/features/templates/server/create-template-version";
import { resolveActiveVersion } from "@/features/templates/server/resolve-active-version";
import { setTemplateHead } from "@/features/templates/server/set-template-head";
import { createTask } from "@/features/tasks/server/create-task";
import { db } from "@/server/db";
import type { Scope } from "@/server/scope";
import { makeWorkspace, uid } from "../../factories";

async function setup() {
  const { workspace, scope } = await makeWorkspace();
  const template = await createTemplateWithImprover({ scope, name: `TestBot ${uid()}`, directives: "Be helpful to the person." });
  return { scope, template, workspace };
}

describe("template versions", () => {
  it("propagate to new and existing instances; the run records the version it used", async () => {
    const { scope, template } = await setup();
    // 1–3: instance A resolves version 1
    const a = await createAgent({ scope, templateId: template.id, displayName: "A" });
    const v1 = await resolveActiveVersion({ workspaceId: scope.workspaceId, templateId: a.templateId });
    expect(v1).toMatchObject({ number: 1, directives: "Be helpful to the person." });
    // 4–5: evolve (no instance kept back on v1 by a probation: this is about propagation)
    await db.agentTemplate.update({ where: { id: template.id }, data: { probationShare: 0 } });
    const v2 = await createTemplateVersion({ scope, templateId: template.id, directives: "Be helpful and concise.", authoredBy: "agent", rationale: "Users asked for shorter answers" });
    expect(v2).toMatchObject({ number: 2, parentVersionId: v1.id, authoredBy: "agent" });
    // 6–7: instance B (created with its task) resolves version 2
    const { agent: b } = await createTask({ scope, title: "Task for B", templateId: template.id });
    expect((await resolveActiveVersion({ workspaceId: scope.workspaceId, templateId: b!.templateId })).id).toBe(v2.id);
    // 8–9: existing instance A's next run records version 2
    const run = await recordRun({ scope, agentId: a.id, reason: "manual", status: "succeeded", durationMs: 1200 });
    expect(run.templateVersionId).toBe(v2.id);
    const state = await db.agentState.findUniqueOrThrow({ where: { agentId: a.id } });
    expect(state).toMatchObject({ wakeCounter: 1, consecutiveFailureCount: 0 });
  });

  it("20 concurrent creates give versions 1..21 with no gaps or duplicates, head on 21", async () => {
    const { scope, template } = await setup();
    const created = await Promise.all(
      Array.from({ length: 20 }, (_, i) => createTemplateVersion({ scope, templateId: template.id, directives: `Directive revision ${i}`, authoredBy: "user" })),
    );
    const numbers = (await db.templateVersion.findMany({ where: { templateId: template.id }, select: { number: true } })).map((v) => v.number).sort((x, y) => x - y);
    expect(numbers).toEqual(Array.from({ length: 21 }, (_, i) => i + 1));
    expect(new Set(created.map((v) => v.number)).size).toBe(20);
    const head = await resolveActiveVersion({ workspaceId: scope.workspaceId, templateId: template.id });
    expect(head.number).toBe(21);
  });

  it("rollback moves the head to an older version without editing any version row", async () => {
    const { scope, template } = await setup();
    const v2 = await createTemplateVersion({ scope, templateId: template.id, directives: "Second version text", authoredBy: "agent" });
    const before = await db.templateVersion.findMany({ where: { templateId: template.id }, orderBy: { number: "asc" } });
    await setTemplateHead({ scope, templateId: template.id, versionId: before[0].id });
    expect((await resolveActiveVersion({ workspaceId: scope.workspaceId, templateId: template.id })).number).toBe(1);
    const after = await db.templateVersion.findMany({ where: { templateId: template.id }, orderBy: { number: "asc" } });
    expect(after).toEqual(before);
    await expect(setTemplateHead({ scope, templateId: template.id, versionId: before[0].id })).rejects.toMatchObject({ code: "CONFLICT" });
    // a new version after a rollback continues the numbering and descends from the head
    const v3 = await createTemplateVersion({ scope, templateId: template.id, directives: "Third version text", authoredBy: "user" });
    expect(v3).toMatchObject({ number: 3, parentVersionId: before[0].id });
    expect(v2.number).toBe(2);
  });

  it("never crosses workspaces", async () => {
    const { template } = await setup();
    const other = await makeWorkspace();
    const foreign: Scope = { workspaceId: other.workspace.id, actorUserId: other.owner.id };
    await expect(createTemplateVersion({ scope: foreign, templateId: template.id, directives: "hijack attempt text", authoredBy: "user" })).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(createAgent({ scope: foreign, templateId: template.id, displayName: "x" })).rejects.toMatchObject({ code: "NOT_FOUND" });
    expect(await db.templateVersion.count({ where: { templateId: template.id } })).toBe(1);
  });

  it("refuses a duplicate template name in a workspace with 409", async () => {
    const { scope, template } = await setup();
    await expect(createTemplateWithImprover({ scope, name: template.name, directives: "Something else entirely" })).rejects.toMatchObject({ code: "CONFLICT" });
  });
});

describe("templates list", () => {
  it("shows head version, instances and the newest run as last activity", async () => {
    const { scope, template } = await setup();
    const idle = await createTemplateWithImprover({ scope, name: `Idle ${uid()}`, directives: "Nothing happens here." });
    const a = await createAgent({ scope, templateId: template.id, displayName: "A" });
    await recordRun({ scope, agentId: a.id, reason: "manual", status: "succeeded", startedAt: new Date("2026-01-01T10:00:00Z"), durationMs: 1000 });
    const newest = await recordRun({ scope, agentId: a.id, reason: "manual", status: "succeeded", startedAt: new Date("2026-02-01T10:00:00Z"), durationMs: 1000 });
    const { listTemplates } = await import("@/features/templates/server/queries");
    const rows = await listTemplates(scope.workspaceId);
    expect(rows.find((r) => r.id === template.id)).toMatchObject({ headNumber: 1, instanceCount: 1, lastActivityAt: newest.startedAt });
    expect(rows.find((r) => r.id === idle.id)).toMatchObject({ instanceCount: 0, lastActivityAt: null });
  });
});

describe("template page header and version history", () => {
  it("counts live instances and each version's runs (any status or day; runs are never deleted)", async () => {
    const { scope, template } = await setup();
    const { getTemplateWithHead, listVersions } = await import("@/features/templates/server/queries");
    const a = await createAgent({ scope, templateId: template.id, displayName: "A" });
    const gone = await createAgent({ scope, templateId: template.id, displayName: "Gone" });
    await db.agent.update({ where: { id: gone.id }, data: { lifecycle: "destroyed" } });
    await recordRun({ scope, agentId: a.id, reason: "manual", status: "succeeded", durationMs: 1000 });
    const v2 = await createTemplateVersion({ scope, templateId: template.id, directives: "Be helpful and brief.", authoredBy: "user" });
    // Runs of v2 by name: a run without one counts in the agent's probation arm, which may be v1.
    const onV2 = { templateVersionId: v2.id };
    await recordRun({ scope, agentId: a.id, reason: "manual", status: "succeeded", startedAt: new Date("2026-01-01T10:00:00Z"), durationMs: 1000, ...onV2 });
    const failed = await recordRun({ scope, agentId: a.id, reason: "manual", status: "failed", durationMs: 1000, ...onV2 });
    const rated = await recordRun({ scope, agentId: a.id, reason: "manual", status: "succeeded", durationMs: 1000, ...onV2 });
    await db.wakeRun.update({ where: { id: rated.id }, data: { userRating: 0.75 } });

    // The header: the active version and the instances the templates list shows (not destroyed ones).
    const header = await getTemplateWithHead(scope.workspaceId, template.id);
    expect(header).toMatchObject({ head: { id: v2.id, number: 2, parent: { number: 1 } }, instanceCount: 1 });
    const { listTemplates } = await import("@/features/templates/server/queries");
    expect((await listTemplates(scope.workspaceId)).find((t) => t.id === template.id)?.instanceCount).toBe(header!.instanceCount);

    // Each version's runs, whatever their status or day, equal to the rows themselves.
    const versions = await listVersions(scope.workspaceId, template.id);
    const actual = await db.wakeRun.groupBy({ by: ["templateVersionId"], where: { templateId: template.id }, _count: true });
    expect(versions.map((v) => [v.number, v.runCount])).toEqual([[2, 3], [1, 1]]);
    expect(Object.fromEntries(versions.map((v) => [v.id, v.runCount]))).toEqual(Object.fromEntries(actual.map((r) => [r.templateVersionId, r._count])));
    expect([failed.templateVersionId, rated.templateVersionId]).toEqual([v2.id, v2.id]);

    // Another workspace sees neither.
    const other = await makeWorkspace();
    expect(await getTemplateWithHead(other.scope.workspaceId, template.id)).toBeNull();
    expect(await listVersions(other.scope.workspaceId, template.id)).toEqual([]);
  });
});
