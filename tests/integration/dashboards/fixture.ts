import type { Verdict } from "@/generated/prisma/client";
import { db } from "@/server/db";
import { createWorkspace, uid } from "../../factories";

// A small template history with hand-computable numbers. "Now" is Wednesday 18 June 2025, 12:00 UTC:
// the 7-day window is [11 Jun 12:00, 18 Jun 12:00), the one before [4 Jun 12:00, 11 Jun 12:00).
export const NOW = new Date("2025-06-18T12:00:00Z");
const at = (s: string) => new Date(`2025-${s}Z`);
const HOUR = 3_600_000;

export async function createDashboardFixture() {
  const { workspace, owner } = await createWorkspace();
  const ws = workspace.id;
  const template = await db.agentTemplate.create({ data: { workspaceId: ws, name: `Triage ${uid()}` } });
  const quiet = await db.agentTemplate.create({ data: { workspaceId: ws, name: `Quiet ${uid()}` } });
  const v1 = await db.templateVersion.create({ data: { workspaceId: ws, templateId: template.id, number: 1, authoredBy: "system", directives: "v1", createdAt: at("05-01T00:00:00") } });
  const v2 = await db.templateVersion.create({ data: { workspaceId: ws, templateId: template.id, number: 2, authoredBy: "agent", directives: "v2", parentVersionId: v1.id, createdAt: at("06-10T00:00:00") } });
  await db.agentTemplate.update({ where: { id: template.id }, data: { headVersionId: v2.id } });
  const q1 = await db.templateVersion.create({ data: { workspaceId: ws, templateId: quiet.id, number: 1, authoredBy: "system", directives: "quiet" } });
  await db.agentTemplate.update({ where: { id: quiet.id }, data: { headVersionId: q1.id } });

  // Agents (growth: 2 created in the last 7 days, 1 in the 7 before, 2 older) with their tasks (MTTR).
  const agent = async (name: string, createdAt: Date, task: { createdAt: Date; completedAt?: Date; status?: "open" | "in_progress" | "done" }) => {
    const t = await db.task.create({ data: { workspaceId: ws, title: `Task of ${name}`, status: task.status ?? "done", createdAt: task.createdAt, completedAt: task.completedAt ?? null } });
    return db.agent.create({ data: { workspaceId: ws, templateId: template.id, displayName: name, taskId: t.id, createdAt, state: { create: { workspaceId: ws } } } });
  };
  const a1 = await agent("Agent one", at("06-15T09:00:00"), { createdAt: at("06-12T12:00:00"), completedAt: at("06-13T12:00:00") }); // 24 h
  const a2 = await agent("Agent two", at("06-16T09:00:00"), { createdAt: at("06-14T00:00:00"), completedAt: at("06-14T06:00:00") }); // 6 h
  const a3 = await agent("Agent three", at("06-08T09:00:00"), { createdAt: at("06-01T12:00:00"), completedAt: at("06-17T12:00:00") }); // 384 h
  const a4 = await agent("Agent four", at("06-01T09:00:00"), { createdAt: at("06-04T12:00:00"), completedAt: at("06-05T00:00:00") }); // 12 h, previous window
  await agent("Agent five", at("05-01T09:00:00"), { createdAt: at("06-12T00:00:00"), status: "in_progress" });

  const run = (a: { id: string }, version: { id: string }, startedAt: string, r: { q: number; rating?: number; ms: number; tokens: [number, number]; status?: "succeeded" | "failed" }) =>
    db.wakeRun.create({
      data: {
        workspaceId: ws, agentId: a.id, templateId: template.id, templateVersionId: version.id, reason: "manual", status: r.status ?? "succeeded",
        startedAt: at(startedAt), finishedAt: at(startedAt), durationMs: r.ms, inputTokens: r.tokens[0], outputTokens: r.tokens[1], qualityScore: r.q, userRating: r.rating ?? null,
      },
    });
  const r1 = await run(a1, v2, "06-15T10:00:00", { q: 0.8, rating: 1, ms: 1000, tokens: [100, 50] });
  await run(a2, v2, "06-16T10:00:00", { q: 0.6, ms: 3000, tokens: [200, 100], status: "failed" });
  await run(a1, v2, "06-17T10:00:00", { q: 0.7, rating: 0.5, ms: 2000, tokens: [100, 0] });
  const r4 = await run(a3, v1, "06-09T10:00:00", { q: 0.5, rating: 0.2, ms: 4000, tokens: [300, 0] });
  await run(a4, v1, "06-05T10:00:00", { q: 0.3, ms: 2000, tokens: [100, 0] });

  // Decisions: current window 3 confirmed / 1 rejected / 1 deferred; previous 1 / 1.
  const decide = async (a: { id: string }, wakeRunId: string | null, setCreatedAt: string, decisions: [Verdict | "pending", string?][]) => {
    const set = await db.changeSet.create({ data: { workspaceId: ws, agentId: a.id, templateId: template.id, wakeRunId, createdAt: at(setCreatedAt) } });
    for (const [verdict, decidedAt] of decisions) {
      const item = await db.changeItem.create({
        data: { workspaceId: ws, changeSetId: set.id, agentId: a.id, templateId: template.id, tool: "propose_estimate", summary: "Estimate", status: verdict },
      });
      if (verdict !== "pending") await db.changeDecision.create({ data: { workspaceId: ws, changeItemId: item.id, agentId: a.id, templateId: template.id, tool: "propose_estimate", verdict, decidedAt: at(decidedAt!), decidedById: owner.id } });
    }
  };
  await decide(a1, r1.id, "06-15T10:01:00", [["confirmed", "06-15T11:00:00"], ["confirmed", "06-16T11:00:00"], ["rejected", "06-17T11:00:00"], ["deferred", "06-17T11:00:00"], ["pending"], ["pending"]]);
  await decide(a3, r4.id, "06-09T10:01:00", [["rejected", "06-09T11:00:00"], ["confirmed", "06-09T12:00:00"]]);
  // A change set reported through the API without a run, decided while v2 was active.
  await decide(a2, null, "06-12T08:00:00", [["confirmed", "06-12T09:00:00"]]);

  return { workspace, owner, template, quiet, versions: { v1, v2 }, agents: { a1, a2, a3, a4 } };
}

export { HOUR };
