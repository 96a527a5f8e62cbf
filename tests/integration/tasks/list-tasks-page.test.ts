import { describe, expect, it } from "vitest";
import { listTasksPage } from "@/features/tasks/server/list-tasks-page";
import { decodeCursor, encodeCursor } from "@/lib/keyset";
import { makeTaskRows, makeTemplateRow, makeWorkspace } from "../../factories";

// The tasks list: keyset pages in three orders with the total and the page's position, filtered
// by status and by the task's agent's template, in one workspace only.

async function setup() {
  const ws = await makeWorkspace();
  const { template: a } = await makeTemplateRow(ws.workspace.id, { name: "Alpha" });
  const { template: b } = await makeTemplateRow(ws.workspace.id, { name: "Beta" });
  const alpha = await makeTaskRows(ws.workspace.id, 23, { prefix: "Alpha", template: a, status: (i) => (i % 5 === 0 ? "done" : "open") });
  const beta = await makeTaskRows(ws.workspace.id, 4, { prefix: "Beta", template: b, start: new Date(Date.now() - 86_400_000) });
  const loose = await makeTaskRows(ws.workspace.id, 3, { prefix: "Loose", start: new Date(Date.now() - 2 * 86_400_000) });
  return { ...ws, a, b, alpha, beta, loose };
}

type Page = Awaited<ReturnType<typeof listTasksPage>>;
const titles = (p: Page) => p.tasks.map((t) => t.title);
const decode = (c: string | null) => decodeCursor(c!)!;

describe("listTasksPage", () => {
  it("walks forward and back through the same pages, with the total and where each page starts", async () => {
    const s = await setup();
    const base = { workspaceId: s.workspace.id, templateId: s.a.id, limit: 10, withTotal: true };
    const p1 = await listTasksPage(base);
    expect(titles(p1)).toEqual([...s.alpha].reverse().slice(0, 10));
    expect(p1).toMatchObject({ total: 23, offset: 0, prevCursor: null });
    const p2 = await listTasksPage({ ...base, after: decode(p1.nextCursor) });
    expect(titles(p2)).toEqual([...s.alpha].reverse().slice(10, 20));
    expect(p2.offset).toBe(10);
    const p3 = await listTasksPage({ ...base, after: decode(p2.nextCursor) });
    expect(titles(p3)).toEqual([...s.alpha].reverse().slice(20));
    expect(p3).toMatchObject({ nextCursor: null, offset: 20 });
    const back = await listTasksPage({ ...base, before: decode(p3.prevCursor) });
    expect(titles(back)).toEqual(titles(p2));
    const first = await listTasksPage({ ...base, before: decode(back.prevCursor) });
    expect(titles(first)).toEqual(titles(p1));
    expect(first.prevCursor).toBeNull();
  });

  it("paging walks every task of the workspace exactly once, in each order", async () => {
    const s = await setup();
    const all = [...s.loose, ...s.beta, ...s.alpha];
    for (const [sort, expected] of [["newest", [...all].reverse()], ["oldest", all], ["title", [...all].sort()]] as const) {
      const seen: string[] = [];
      let after;
      for (let guard = 0; guard < 10; guard++) {
        const page: Page = await listTasksPage({ workspaceId: s.workspace.id, sort, limit: 7, after });
        seen.push(...titles(page));
        if (!page.nextCursor) break;
        after = decode(page.nextCursor);
      }
      expect(seen, sort).toEqual(expected);
    }
  });

  it("filters by status and template together, and counts what matches", async () => {
    const s = await setup();
    const done = await listTasksPage({ workspaceId: s.workspace.id, templateId: s.a.id, status: "done", withTotal: true });
    expect(titles(done)).toEqual(s.alpha.filter((_, i) => i % 5 === 0).reverse());
    expect(done.total).toBe(5);
    expect(done.tasks.every((t) => t.status === "done" && t.agent?.template.name === "Alpha")).toBe(true);
    const beta = await listTasksPage({ workspaceId: s.workspace.id, templateId: s.b.id, withTotal: true });
    expect(beta.total).toBe(4);
    const open = await listTasksPage({ workspaceId: s.workspace.id, status: "open", withTotal: true });
    expect(open.total).toBe(18 + 4 + 3);
  });

  it("never shows another workspace's tasks, whatever the filter or cursor", async () => {
    const s = await setup();
    const other = await makeWorkspace();
    await makeTaskRows(other.workspace.id, 5, { prefix: "Other" });
    expect((await listTasksPage({ workspaceId: other.workspace.id, withTotal: true })).total).toBe(5);
    // Their template, our workspace: nothing; our template, their workspace: nothing.
    expect((await listTasksPage({ workspaceId: other.workspace.id, templateId: s.a.id, withTotal: true })).total).toBe(0);
    const p1 = await listTasksPage({ workspaceId: s.workspace.id, limit: 10 });
    const theirs = await listTasksPage({ workspaceId: other.workspace.id, after: decode(p1.nextCursor), withTotal: true });
    expect(theirs.tasks.every((t) => t.title.startsWith("Other"))).toBe(true);
  });

  it("a cursor of another order or with a bad key is a 400, not a 500", async () => {
    const s = await setup();
    const p1 = await listTasksPage({ workspaceId: s.workspace.id, limit: 5 });
    await expect(listTasksPage({ workspaceId: s.workspace.id, sort: "title", after: decode(p1.nextCursor) })).rejects.toMatchObject({ code: "BAD_REQUEST" });
    await expect(listTasksPage({ workspaceId: s.workspace.id, after: decodeCursor(encodeCursor({ sort: "newest", key: "not a date", id: "x" }))! })).rejects.toMatchObject({ code: "BAD_REQUEST" });
  });
});
