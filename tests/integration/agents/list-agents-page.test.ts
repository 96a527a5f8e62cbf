import { describe, expect, it } from "vitest";
import { listAgentsPage } from "@/features/agents/server/list-agents-page";
import { encodeCursor } from "@/lib/keyset";
import { makeAgentRows, makeTemplateRow, makeWorkspace } from "../../factories";

// The agents list: keyset pages in three orders, with the total and the page's position, filtered
// by template and lifecycle, in one workspace only.

async function setup() {
  const ws = await makeWorkspace();
  const { template: a } = await makeTemplateRow(ws.workspace.id, { name: "Alpha" });
  const { template: b } = await makeTemplateRow(ws.workspace.id, { name: "Beta" });
  const alpha = await makeAgentRows(a, 23, { prefix: "Alpha", lifecycle: (i) => (i % 5 === 0 ? "dormant" : "active") });
  const beta = await makeAgentRows(b, 4, { prefix: "Beta" });
  return { ...ws, a, b, alpha, beta };
}

type Page = Awaited<ReturnType<typeof listAgentsPage>>;
const names = (p: Page) => p.agents.map((x) => x.displayName);

describe("listAgentsPage", () => {
  it("walks forward and back through the same pages, with the total and where each page starts", async () => {
    const s = await setup();
    const base = { workspaceId: s.workspace.id, templateId: s.a.id, limit: 10, withTotal: true };
    const p1 = await listAgentsPage(base);
    expect(names(p1)).toEqual([...s.alpha].reverse().slice(0, 10));
    expect(p1).toMatchObject({ total: 23, offset: 0, prevCursor: null });
    const p2 = await listAgentsPage({ ...base, after: decode(p1.nextCursor) });
    expect(names(p2)).toEqual([...s.alpha].reverse().slice(10, 20));
    expect(p2.offset).toBe(10);
    const p3 = await listAgentsPage({ ...base, after: decode(p2.nextCursor) });
    expect(names(p3)).toEqual([...s.alpha].reverse().slice(20));
    expect(p3).toMatchObject({ nextCursor: null, offset: 20 });
    const back = await listAgentsPage({ ...base, before: decode(p3.prevCursor) });
    expect(names(back)).toEqual(names(p2));
    expect(back.offset).toBe(10);
    const first = await listAgentsPage({ ...base, before: decode(back.prevCursor) });
    expect(names(first)).toEqual(names(p1));
    expect(first.prevCursor).toBeNull();
  });

  it("sorts oldest first and by name, filters by lifecycle, and never reaches another workspace", async () => {
    const s = await setup();
    const other = await setup();
    const oldest = await listAgentsPage({ workspaceId: s.workspace.id, sort: "oldest", limit: 3 });
    expect(names(oldest)).toEqual(s.alpha.slice(0, 3));
    const byName = await listAgentsPage({ workspaceId: s.workspace.id, sort: "name", limit: 30, withTotal: true });
    expect(names(byName)).toEqual([...s.alpha, ...s.beta]);
    expect(byName.total).toBe(27);
    const dormant = await listAgentsPage({ workspaceId: s.workspace.id, lifecycle: "dormant", limit: 50, withTotal: true });
    expect(names(dormant)).toEqual(["Alpha 21", "Alpha 16", "Alpha 11", "Alpha 06", "Alpha 01"]);
    expect(dormant.total).toBe(5);
    // Another workspace's template as a filter, or its row as a cursor, finds nothing of it.
    expect((await listAgentsPage({ workspaceId: s.workspace.id, templateId: other.a.id, withTotal: true })).total).toBe(0);
    const foreign = (await listAgentsPage({ workspaceId: other.workspace.id, limit: 1 })).agents[0];
    const seek = await listAgentsPage({ workspaceId: s.workspace.id, limit: 100, after: { sort: "newest", key: foreign.createdAt.toISOString(), id: foreign.id } });
    expect(seek.agents.every((x) => x.templateId === s.a.id || x.templateId === s.b.id)).toBe(true);
  });

  it("refuses a cursor of another order with a 400", async () => {
    const s = await setup();
    await expect(listAgentsPage({ workspaceId: s.workspace.id, sort: "newest", after: { sort: "name", key: "Alpha 01", id: "x" } })).rejects.toMatchObject({ code: "BAD_REQUEST" });
  });
});

function decode(cursor: string | null) {
  if (!cursor) throw new Error("no cursor");
  const [sort, key, id] = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8")) as string[];
  expect(encodeCursor({ sort, key, id })).toBe(cursor);
  return { sort, key, id };
}
