import type { Verdict } from "@/generated/prisma/client";
import { makeAgentRow, makeChangeSetRow, makeRunRow, makeTaskRow, makeTemplateRow, makeWorkspace, uid, type ItemRow } from "../../factories";

// A small template history with hand-computable numbers. "Now" is Wednesday 18 June 2025, 12:00 UTC:
// the 7-day window is [11 Jun 12:00, 18 Jun 12:00), the one before [4 Jun 12:00, 11 Jun 12:00).
export const NOW = new Date("2025-06-18T12:00:00Z");
const at = (s: string) => new Date(`2025-${s}Z`);
const HOUR = 3_600_000;

export async function createDashboardFixture() {
  const { workspace, owner } = await makeWorkspace();
  const ws = workspace.id;
  const { template, versions: [v1, v2] } = await makeTemplateRow(ws, {
    name: `Triage ${uid()}`,
    versions: [{ directives: "v1", createdAt: at("05-01T00:00:00") }, { directives: "v2", createdAt: at("06-10T00:00:00") }],
  });
  const { template: quiet } = await makeTemplateRow(ws, { name: `Quiet ${uid()}`, versions: [{ directives: "quiet" }] });

  // Agents (growth: 2 created in the last 7 days, 1 in the 7 before, 2 older) with their tasks (MTTR).
  const agent = async (name: string, createdAt: Date, task: { createdAt: Date; completedAt?: Date; status?: "open" | "in_progress" | "done" }) => {
    const t = await makeTaskRow(ws, { title: `Task of ${name}`, status: task.status ?? "done", createdAt: task.createdAt, completedAt: task.completedAt ?? null });
    return makeAgentRow(template, { displayName: name, taskId: t.id, createdAt });
  };
  const a1 = await agent("Agent one", at("06-15T09:00:00"), { createdAt: at("06-12T12:00:00"), completedAt: at("06-13T12:00:00") }); // 24 h
  const a2 = await agent("Agent two", at("06-16T09:00:00"), { createdAt: at("06-14T00:00:00"), completedAt: at("06-14T06:00:00") }); // 6 h
  const a3 = await agent("Agent three", at("06-08T09:00:00"), { createdAt: at("06-01T12:00:00"), completedAt: at("06-17T12:00:00") }); // 384 h
  const a4 = await agent("Agent four", at("06-01T09:00:00"), { createdAt: at("06-04T12:00:00"), completedAt: at("06-05T00:00:00") }); // 12 h, previous window
  await agent("Agent five", at("05-01T09:00:00"), { createdAt: at("06-12T00:00:00"), status: "in_progress" });

  const run = (a: { id: string }, version: { id: string }, startedAt: string, r: { q: number; rating?: number; ms: number; tokens: [number, number]; status?: "succeeded" | "failed" }) =>
    makeRunRow({ id: a.id, workspaceId: ws, templateId: template.id }, {
      templateVersionId: version.id, status: r.status ?? "succeeded", startedAt: at(startedAt), finishedAt: at(startedAt), durationMs: r.ms,
      inputTokens: r.tokens[0], outputTokens: r.tokens[1], qualityScore: r.q, userRating: r.rating ?? null,
    });
  const r1 = await run(a1, v2, "06-15T10:00:00", { q: 0.8, rating: 1, ms: 1000, tokens: [100, 50] });
  await run(a2, v2, "06-16T10:00:00", { q: 0.6, ms: 3000, tokens: [200, 100], status: "failed" });
  await run(a1, v2, "06-17T10:00:00", { q: 0.7, rating: 0.5, ms: 2000, tokens: [100, 0] });
  const r4 = await run(a3, v1, "06-09T10:00:00", { q: 0.5, rating: 0.2, ms: 4000, tokens: [300, 0] });
  await run(a4, v1, "06-05T10:00:00", { q: 0.3, ms: 2000, tokens: [100, 0] });

  // Decisions: current window 3 confirmed / 1 rejected / 1 deferred; previous 1 / 1.
  const decide = (a: { id: string }, wakeRunId: string | null, setCreatedAt: string, decisions: [Verdict | "pending", string?][]) =>
    makeChangeSetRow({ id: a.id, workspaceId: ws, templateId: template.id }, {
      wakeRunId,
      createdAt: at(setCreatedAt),
      items: decisions.map(([verdict, decidedAt]): ItemRow => ({
        tool: "propose_estimate", summary: "Estimate", status: verdict,
        ...(verdict === "pending" ? {} : { decision: { verdict, decidedAt: at(decidedAt!), decidedById: owner.id } }),
      })),
    });
  await decide(a1, r1.id, "06-15T10:01:00", [["confirmed", "06-15T11:00:00"], ["confirmed", "06-16T11:00:00"], ["rejected", "06-17T11:00:00"], ["deferred", "06-17T11:00:00"], ["pending"], ["pending"]]);
  await decide(a3, r4.id, "06-09T10:01:00", [["rejected", "06-09T11:00:00"], ["confirmed", "06-09T12:00:00"]]);
  // A change set reported through the API without a run, decided while v2 was active.
  await decide(a2, null, "06-12T08:00:00", [["confirmed", "06-12T09:00:00"]]);

  return { workspace, owner, template, quiet, versions: { v1, v2 }, agents: { a1, a2, a3, a4 } };
}

export { HOUR };
