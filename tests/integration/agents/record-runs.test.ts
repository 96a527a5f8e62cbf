import { describe, expect, it } from "vitest";
import { recordRun, recordRuns, type RunToRecord } from "@/features/agents/server";
import { createTemplateVersion } from "@/features/templates/server";
import { db } from "@/server/db";
import { makeAgent, makeTemplate, makeWorkspace, uid } from "../../factories";

// recordRuns (many runs at once, set-based: the OpenTelemetry ingest) follows recordRun's rules:
// the version a run used when none is given, the probation arm it counts in, the agents' state.

const at = (minute: number) => new Date(Date.UTC(2026, 10, 2, 10, minute));
const run = (agentId: string, templateId: string, minute: number, status: "succeeded" | "failed", extra: Partial<RunToRecord> = {}): RunToRecord => ({
  agentId, templateId, reason: "manual", status, startedAt: at(minute), finishedAt: at(minute + 1), durationMs: 60_000, inputTokens: 10, outputTokens: 2, error: status === "failed" ? "boom" : null, externalId: `t:${uid()}`, ...extra,
});

describe("recordRuns", () => {
  it("gives each run the version and probation arm recordRun gives it, and stores a known externalId once", async () => {
    const { scope } = await makeWorkspace();
    const template = await makeTemplate(scope, { name: `Arms ${uid()}` });
    await db.agentTemplate.update({ where: { id: template.id }, data: { probationShare: 0.5 } });
    const agents = await Promise.all(Array.from({ length: 20 }, () => makeAgent(scope, template.id)));
    await createTemplateVersion({ scope, templateId: template.id, directives: "Be brief.", authoredBy: "user" }); // v2 on probation against v1

    const bulk = agents.map((a, i) => run(a.id, template.id, i, "succeeded"));
    const stored = await db.$transaction((tx) => recordRuns(tx, scope, bulk));
    const single = [];
    for (const a of agents) single.push(await recordRun({ scope, agentId: a.id, reason: "manual", status: "succeeded", startedAt: at(30), finishedAt: at(31) }));
    const rows = await db.wakeRun.findMany({ where: { id: { in: stored.map((s) => s.id) } } });
    const byAgent = new Map(rows.map((r) => [r.agentId, r]));
    for (const s of single) expect([byAgent.get(s.agentId)!.templateVersionId, byAgent.get(s.agentId)!.arm, byAgent.get(s.agentId)!.probationId]).toEqual([s.templateVersionId, s.arm, s.probationId]);
    expect(new Set(rows.map((r) => r.arm))).toEqual(new Set(["baseline", "candidate"])); // both arms dealt among 20

    // Again, with one new run beside: only the new one is stored.
    const again = await db.$transaction((tx) => recordRuns(tx, scope, [...bulk, run(agents[0].id, template.id, 50, "succeeded")]));
    expect(again.map((r) => r.duplicate)).toEqual([...bulk.map(() => true), false]);
    expect(again.slice(0, bulk.length).map((r) => r.id)).toEqual(stored.map((s) => s.id));
  });

  it("moves each agent's state as recordRun would, run by run: last wake, count, failure streak", async () => {
    const { scope } = await makeWorkspace();
    const template = await makeTemplate(scope, { name: `State ${uid()}` });
    const [a, b] = await Promise.all([makeAgent(scope, template.id), makeAgent(scope, template.id)]);
    await db.agentState.update({ where: { agentId: b.id }, data: { consecutiveFailureCount: 3 } });
    await db.$transaction((tx) =>
      recordRuns(tx, scope, [run(a.id, template.id, 5, "failed"), run(a.id, template.id, 1, "failed"), run(a.id, template.id, 3, "succeeded"), run(a.id, template.id, 7, "failed"), run(b.id, template.id, 2, "failed")]),
    );
    expect(await db.agentState.findUniqueOrThrow({ where: { agentId: a.id } })).toMatchObject({ wakeCounter: 4, consecutiveFailureCount: 2, lastWakeAt: at(8) });
    expect(await db.agentState.findUniqueOrThrow({ where: { agentId: b.id } })).toMatchObject({ wakeCounter: 1, consecutiveFailureCount: 4, lastWakeAt: at(3) });
  });
});
