import { describe, expect, it } from "vitest";
import { listRunsPage } from "@/features/agents/server/list-runs-page";
import { decodeCursor } from "@/lib/keyset";
import { makeAgentRow, makeRunRows, makeTemplateRow, makeWorkspace } from "../../factories";

// An agent's run table at scale: keyset pages both ways, filters by status and start date, and a
// count capped at 1,000.

const DAY = 86_400_000;

async function setup() {
  const { workspace } = await makeWorkspace();
  const { template, head } = await makeTemplateRow(workspace.id, {});
  const agent = await makeAgentRow(template);
  const other = await makeAgentRow(template);
  return { workspaceId: workspace.id, agent, other, head };
}

describe("agent run pages", () => {
  it("pages newest first with keyset cursors both ways; filters by status and dates; counts", async () => {
    const s = await setup();
    // 100 runs a minute apart ending now: every 5th failed; 20 more a week ago; another agent's 10.
    await makeRunRows(s.agent, 20, { templateVersionId: s.head.id, start: new Date(Date.now() - 7 * DAY) });
    await makeRunRows(s.agent, 100, { templateVersionId: s.head.id, status: (i) => (i % 5 === 4 ? "failed" : "succeeded") });
    await makeRunRows(s.other, 10, { templateVersionId: s.head.id });
    const base = { workspaceId: s.workspaceId, agentId: s.agent.id, limit: 30 };
    const first = await listRunsPage(base);
    expect(first.total).toEqual({ value: 120, capped: false });
    expect(first.runs).toHaveLength(30);
    expect(first.prevCursor).toBeNull();
    const second = await listRunsPage({ ...base, after: decodeCursor(first.nextCursor!)! });
    expect(second.offset).toEqual({ value: 30, capped: false });
    expect(second.runs[0].startedAt.getTime()).toBeLessThan(first.runs.at(-1)!.startedAt.getTime());
    const back = await listRunsPage({ ...base, before: decodeCursor(second.prevCursor!)! });
    expect(back.runs.map((r) => r.id)).toEqual(first.runs.map((r) => r.id));

    const failed = await listRunsPage({ ...base, status: "failed" });
    expect(failed.total).toEqual({ value: 20, capped: false });
    expect(failed.runs.every((r) => r.status === "failed")).toBe(true);
    const lastWeek = await listRunsPage({ ...base, to: new Date(Date.now() - 6 * DAY) });
    expect(lastWeek.total.value).toBe(20);
    const today = await listRunsPage({ ...base, from: new Date(Date.now() - DAY), status: "succeeded" });
    expect(today.total.value).toBe(80);
    // A cursor of another list is a clear 400, never a 500.
    await expect(listRunsPage({ ...base, after: { sort: "name", key: "x", id: "y" } })).rejects.toMatchObject({ status: 400 });
  });

  it("counts at most 1,000 runs (1,000+)", async () => {
    const s = await setup();
    await makeRunRows(s.agent, 1_003, { templateVersionId: s.head.id });
    const page = await listRunsPage({ workspaceId: s.workspaceId, agentId: s.agent.id });
    expect(page.total).toEqual({ value: 1_000, capped: true });
  });
});
