import { describe, expect, it } from "vitest";
import { countChangesSince, listChangesSince } from "@/features/agents/server/change-feed";
import { createAgent } from "@/features/agents/server/create-agent";
import { rateRun } from "@/features/agents/server/rate-run";
import { recordObservation, writeReport } from "@/features/agents/server/record-message";
import { recordRun } from "@/features/agents/server/record-run";
import { createChangeSet } from "@/features/decisions/server/create-change-set";
import { decideChangeItems } from "@/features/decisions/server/decide-change-items";
import { createTemplateWithImprover } from "@/features/rituals/server";
import { createTask } from "@/features/tasks/server/create-task";
import { db } from "@/server/db";
import { makeWorkspace, uid } from "../../factories";

async function setup() {
  const { scope } = await makeWorkspace();
  const template = await createTemplateWithImprover({ scope, name: `Feed ${uid()}`, directives: "Track everything carefully." });
  const agent = await createAgent({ scope, templateId: template.id, displayName: "Watcher" });
  return { scope, template, agent };
}

describe("change counter", () => {
  it("is strictly increasing across tables, and updates restamp the row", async () => {
    const { scope, template, agent } = await setup();
    const start = (await listChangesSince({ workspaceId: scope.workspaceId, sinceCounter: 0, limit: 1000 })).at(-1)!.counter;
    const obs = await recordObservation({ scope, agentId: agent.id, text: "First observation" });
    const report = await writeReport({ scope, agentId: agent.id, markdown: "# Report", confidence: 0.7 });
    const run = await recordRun({ scope, agentId: agent.id, reason: "manual", status: "succeeded" });
    const changes = await listChangesSince({ workspaceId: scope.workspaceId, sinceCounter: start });
    const counters = changes.map((c) => c.counter);
    expect(counters).toEqual([...counters].sort((a, b) => a - b));
    expect(new Set(counters).size).toBe(counters.length);
    expect(changes.map((c) => c.type)).toEqual(["message", "report", "run"]);
    expect(changes.map((c) => c.id)).toEqual([obs.id, report.id, run.id]);

    // Rating a run is an update: the run moves to the end of the feed with a new counter.
    const last = counters.at(-1)!;
    await rateRun({ scope, runId: run.id, rating: 0.8 });
    const after = await listChangesSince({ workspaceId: scope.workspaceId, sinceCounter: last });
    expect(after).toEqual([expect.objectContaining({ type: "run", id: run.id })]);
    expect(after[0].counter).toBeGreaterThan(last);
    expect(await countChangesSince({ workspaceId: scope.workspaceId, templateId: template.id, sinceCounter: last })).toEqual({ total: 1, capped: false });
  });

  it("delta queries return exactly the rows changed after a counter, filtered by agent, template and type", async () => {
    const { scope, template, agent } = await setup();
    const other = await createAgent({ scope, templateId: template.id, displayName: "Other" });
    await recordObservation({ scope, agentId: agent.id, text: "before the mark" });
    const mark = (await listChangesSince({ workspaceId: scope.workspaceId, sinceCounter: 0, limit: 1000 })).at(-1)!.counter;

    const { task } = await createTask({ scope, title: "Ship the release notes" });
    const set = await createChangeSet({ scope, agentId: agent.id, items: [{ tool: "propose_estimate", args: { minutes: 30 }, summary: "30 minutes" }] });
    await decideChangeItems({ scope, itemIds: [set.items[0].id], verdict: "rejected", reason: "Too optimistic" });
    const o2 = await recordObservation({ scope, agentId: other.id, text: "other agent speaks" });

    const all = await listChangesSince({ workspaceId: scope.workspaceId, sinceCounter: mark });
    // Each row appears once, at its latest counter: deciding the item restamped it after the decision.
    expect(all.map((c) => c.type)).toEqual(["task", "changeSet", "decision", "changeItem", "message"]);
    expect(all.find((c) => c.type === "task")?.id).toBe(task.id);

    const mine = await listChangesSince({ workspaceId: scope.workspaceId, sinceCounter: mark, agentId: agent.id });
    expect(mine.map((c) => c.type)).toEqual(["changeSet", "decision", "changeItem"]);
    const messages = await listChangesSince({ workspaceId: scope.workspaceId, sinceCounter: mark, type: "message" });
    expect(messages.map((c) => c.id)).toEqual([o2.id]);
    const limited = await listChangesSince({ workspaceId: scope.workspaceId, sinceCounter: mark, limit: 2 });
    expect(limited.map((c) => c.type)).toEqual(["task", "changeSet"]);
    // the template count excludes the task (tasks have no template)
    expect(await countChangesSince({ workspaceId: scope.workspaceId, templateId: template.id, sinceCounter: mark })).toEqual({ total: 4, capped: false });
  });

  it("never returns rows of another workspace", async () => {
    const a = await setup();
    const b = await setup();
    await recordObservation({ scope: b.scope, agentId: b.agent.id, text: "secret of b" });
    const seen = await listChangesSince({ workspaceId: a.scope.workspaceId, sinceCounter: 0, limit: 1000 });
    expect(seen.some((c) => c.agentId === b.agent.id || c.templateId === b.template.id)).toBe(false);
    expect(await countChangesSince({ workspaceId: a.scope.workspaceId, templateId: b.template.id, sinceCounter: 0 })).toEqual({ total: 0, capped: false });
    expect(await db.agentMessage.count({ where: { agentId: b.agent.id } })).toBe(1);
  });
});

describe("countChangesSince at scale", () => {
  it("stops counting a table at the cap and says the total is a lower bound", async () => {
    const { scope, template, agent } = await setup();
    const { CHANGE_COUNT_CAP } = await import("@/features/agents/server/change-feed");
    await db.agentMessage.createMany({
      data: Array.from({ length: CHANGE_COUNT_CAP + 5 }, (_, i) => ({
        workspaceId: scope.workspaceId, agentId: agent.id, templateId: template.id, kind: "observation" as const, text: `note ${i}`,
      })),
    });
    const counted = await countChangesSince({ workspaceId: scope.workspaceId, templateId: template.id, sinceCounter: 0 });
    expect(counted.capped).toBe(true);
    // the capped table contributes exactly the cap; the template, its version and the agent count too
    expect(counted.total).toBe(CHANGE_COUNT_CAP + 3);
  }, 60_000);
});

describe("the delta filtered by agent", () => {
  it("reads that agent's proposals by index, however many other agents' the workspace holds", async () => {
    const { scope, template, agent } = await setup();
    const other = await createAgent({ scope, templateId: template.id, displayName: "Busy" });
    const mine = await createChangeSet({ scope, agentId: agent.id, items: [{ tool: "propose_estimate", args: { minutes: 30 }, summary: "30 minutes" }] });
    // 3,000 proposals of another agent of the same workspace, written after it.
    await db.$executeRaw`
      WITH sets AS (
        INSERT INTO "ChangeSet" ("id", "workspaceId", "agentId", "templateId")
        SELECT 'feed_set_' || ${uid()} || '_' || i, ${scope.workspaceId}, ${other.id}, ${template.id} FROM generate_series(1, 3000) AS g(i)
        RETURNING "id")
      INSERT INTO "ChangeItem" ("id", "workspaceId", "changeSetId", "agentId", "templateId", "tool", "summary")
      SELECT 'feed_item_' || "id", ${scope.workspaceId}, "id", ${other.id}, ${template.id}, 'propose_estimate', 'Another proposal' FROM sets`;
    await db.$executeRawUnsafe(`ANALYZE "ChangeSet"`);
    await db.$executeRawUnsafe(`ANALYZE "ChangeItem"`);

    // The rows this backend read from the two tables during the call (pg_stat_xact_user_tables, read
    // before and after: it also holds this connection's earlier counts not yet flushed), one process.
    const { changes, read } = await db.$transaction(async (tx) => {
      const reads = async () =>
        (
          await tx.$queryRaw<{ read: number }[]>`
            SELECT COALESCE(sum(seq_tup_read + COALESCE(idx_tup_fetch, 0)), 0)::int AS read
            FROM pg_stat_xact_user_tables WHERE relname IN ('ChangeSet', 'ChangeItem')`
        )[0].read;
      await tx.$executeRawUnsafe("SET LOCAL max_parallel_workers_per_gather = 0");
      const before = await reads();
      const changes = await listChangesSince({ workspaceId: scope.workspaceId, sinceCounter: 0, agentId: agent.id, limit: 100 }, tx);
      return { changes, read: (await reads()) - before };
    });
    expect(changes.filter((c) => c.type === "changeSet" || c.type === "changeItem").map((c) => c.id)).toEqual([mine.id, ...mine.items.map((i) => i.id)]);
    expect(changes.every((c) => c.agentId === agent.id)).toBe(true);
    // Without the (agentId, changeCounter) indexes: ≥ 6,000 rows (every change set and item scanned).
    expect(read).toBeLessThanOrEqual(20);
  });
});
