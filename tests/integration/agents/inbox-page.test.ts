import { describe, expect, it, vi } from "vitest";
import { listInboxPage } from "@/features/decisions/server/list-inbox-page";
import { countPendingDecisions } from "@/features/decisions/server/queries";
import { db } from "@/server/db";
import { makeAgentRow, makeChangeItemRows, makeTemplateRow, makeWorkspace } from "../../factories";

// The decision inbox at scale: keyset pages both ways, filters (tool, template, dates), and counts
// that stop at 1,000 ("1,000+") instead of reading the whole open range.

async function setup() {
  const { workspace } = await makeWorkspace();
  const { template: triage } = await makeTemplateRow(workspace.id, { name: "Triage" });
  const { template: billing } = await makeTemplateRow(workspace.id, { name: "Billing" });
  const a = await makeAgentRow(triage);
  const b = await makeAgentRow(billing);
  return { workspaceId: workspace.id, triage, billing, a, b };
}

/** The rows the count statement reads, from EXPLAIN (ANALYZE) of Prisma's count with take. */
async function countRowsRead(workspaceId: string, take: number | undefined): Promise<number> {
  const limit = take === undefined ? "" : `LIMIT ${take}`;
  const [{ "QUERY PLAN": plan }] = await db.$queryRawUnsafe<{ "QUERY PLAN": { Plan: { "Actual Rows": number; Plans?: unknown[] } }[] }[]>(
    `EXPLAIN (ANALYZE, FORMAT JSON) SELECT count(*) FROM (SELECT 1 FROM "ChangeItem" WHERE "workspaceId" = $1 AND "status" = 'pending' ${limit}) c`, workspaceId);
  return (plan[0].Plan.Plans as { "Actual Rows": number }[])[0]["Actual Rows"];
}

describe("decision inbox pages", () => {
  it("pages oldest first with keyset cursors, forward and back, with the range's offset", async () => {
    const s = await setup();
    await makeChangeItemRows(s.a, 120, { prefix: "Triage", status: (i) => (i % 4 === 3 ? "deferred" : "pending") });
    const first = await listInboxPage({ workspaceId: s.workspaceId, limit: 50 });
    expect(first.total).toEqual({ value: 90, capped: false });
    expect(first.deferred).toEqual({ value: 30, capped: false });
    expect(first.items[0].summary).toBe("Triage 001");
    expect(first.prevCursor).toBeNull();
    const second = await listInboxPage({ workspaceId: s.workspaceId, limit: 50, after: decode(first.nextCursor!) });
    expect(second.items).toHaveLength(40);
    expect(second.nextCursor).toBeNull();
    expect(second.offset).toEqual({ value: 50, capped: false });
    expect(new Set([...first.items, ...second.items].map((i) => i.id)).size).toBe(90);
    const back = await listInboxPage({ workspaceId: s.workspaceId, limit: 50, before: decode(second.prevCursor!) });
    expect(back.items.map((i) => i.id)).toEqual(first.items.map((i) => i.id));
    const deferred = await listInboxPage({ workspaceId: s.workspaceId, status: "deferred", limit: 50 });
    expect(deferred.items.map((i) => i.summary).slice(0, 2)).toEqual(["Triage 004", "Triage 008"]);
  });

  it("filters by tool, template and dates; other workspaces never show", async () => {
    const s = await setup();
    const other = await setup();
    const old = new Date(Date.now() - 10 * 86_400_000);
    await makeChangeItemRows(s.a, 30, { prefix: "Old", start: old, tool: (i) => (i < 10 ? "propose_status" : "propose_estimate") });
    await makeChangeItemRows(s.b, 20, { prefix: "Billing" });
    await makeChangeItemRows(other.a, 5, { prefix: "Theirs" });
    const tool = await listInboxPage({ workspaceId: s.workspaceId, tool: "propose_status" });
    expect(tool.items.map((i) => i.summary)).toHaveLength(10);
    expect(tool.total.value).toBe(10);
    const billing = await listInboxPage({ workspaceId: s.workspaceId, templateId: s.billing.id });
    expect(billing.items.every((i) => i.summary.startsWith("Billing"))).toBe(true);
    expect(billing.total.value).toBe(20);
    const recent = await listInboxPage({ workspaceId: s.workspaceId, from: new Date(Date.now() - 86_400_000) });
    expect(recent.total.value).toBe(20);
    const before = await listInboxPage({ workspaceId: s.workspaceId, to: new Date(Date.now() - 5 * 86_400_000) });
    expect(before.items.every((i) => i.summary.startsWith("Old"))).toBe(true);
    expect(before.total.value).toBe(30);
    const all = await listInboxPage({ workspaceId: s.workspaceId });
    expect(all.items.some((i) => i.summary.startsWith("Theirs"))).toBe(false);
  });

  it("counts at most 1,001 open items for the tabs and the nav badge (1,000+)", async () => {
    const s = await setup();
    await makeChangeItemRows(s.a, 1_010, { prefix: "Many" });
    // Every count the inbox and the badge make stops at 1,001 rows (Prisma: a LIMIT in a subquery).
    const count = vi.spyOn(db.changeItem, "count");
    const page = await listInboxPage({ workspaceId: s.workspaceId });
    expect(page.pending).toEqual({ value: 1_000, capped: true });
    expect(page.total).toEqual({ value: 1_000, capped: true });
    expect(await countPendingDecisions(s.workspaceId)).toEqual({ value: 1_000, capped: true });
    expect(count.mock.calls.length).toBeGreaterThanOrEqual(3);
    expect(count.mock.calls.every(([args]) => args?.take === 1_001)).toBe(true);
    count.mockRestore();
    // The capped count reads 1,001 rows; the uncapped one read all 1,010.
    expect(await countRowsRead(s.workspaceId, 1_001)).toBe(1_001);
    expect(await countRowsRead(s.workspaceId, undefined)).toBe(1_010);
  });
});

function decode(cursor: string) {
  const [sort, key, id] = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8")) as string[];
  return { sort, key, id };
}
