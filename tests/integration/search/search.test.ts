import { describe, expect, it } from "vitest";
import { createAgent } from "@/features/agents/server/create-agent";
import { recordObservation, writeReport } from "@/features/agents/server/record-message";
import { HIGHLIGHT_END, HIGHLIGHT_START } from "@/features/search/markers";
import { SearchInput } from "@/features/search/schemas";
import { SEARCH_BOUNDS, searchMessages } from "@/features/search/server/search-messages";
import { createTemplateWithImprover } from "@/features/rituals/server";
import { makeWorkspace, uid } from "../../factories";

const day = 86_400_000;

async function setup() {
  const { workspace, scope } = await makeWorkspace();
  const triage = await createTemplateWithImprover({ scope, name: `Triage ${uid()}`, directives: "Sort the tickets well." });
  const notes = await createTemplateWithImprover({ scope, name: `Notes ${uid()}`, directives: "Write release notes well." });
  const a = await createAgent({ scope, templateId: triage.id, displayName: "Triage A" });
  const b = await createAgent({ scope, templateId: notes.id, displayName: "Notes B" });
  const now = Date.now();
  await recordObservation({ scope, agentId: a.id, text: "Customer opened a duplicate ticket about billing", createdAt: new Date(now - 10 * day) });
  await recordObservation({ scope, agentId: a.id, text: "The ticket was a duplicate of last week's outage", createdAt: new Date(now - 5 * day) });
  await recordObservation({ scope, agentId: b.id, text: "Release date moved; the notes mention the old release date", createdAt: new Date(now - 2 * day) });
  await writeReport({ scope, agentId: b.id, markdown: "## Summary\nTwo duplicate ticket reports merged; release notes drafted." });
  return { scope, triage, notes, a, b, workspaceId: workspace.id };
}

const search = (workspaceId: string, q: Record<string, string>, options?: Parameters<typeof searchMessages>[2]) =>
  searchMessages(workspaceId, SearchInput.parse(q), options);

describe("search", () => {
  it("matches a quoted phrase only where the words are adjacent, and highlights them", async () => {
    const s = await setup();
    const { hits } = await search(s.workspaceId, { q: `"duplicate ticket"` });
    expect(hits.map((h) => h.kind).sort()).toEqual(["observation", "report"]);
    const obs = hits.find((h) => h.kind === "observation")!;
    expect(obs.snippet).toContain(`${HIGHLIGHT_START}duplicate${HIGHLIGHT_END} ${HIGHLIGHT_START}ticket${HIGHLIGHT_END}`);
    expect(obs).toMatchObject({ agentName: "Triage A", templateName: s.triage.name });
    // without quotes both words anywhere: the outage observation matches too
    expect((await search(s.workspaceId, { q: "duplicate ticket" })).hits).toHaveLength(3);
  });

  it("shows a short text whole, a number after the last match included", async () => {
    const s = await setup();
    await recordObservation({ scope: s.scope, agentId: s.a.id, text: "The customer mentioned a refund request for the same order (63161304)." });
    const { hits } = await search(s.workspaceId, { q: `"refund request"` });
    expect(hits).toHaveLength(1);
    expect(hits[0].snippet).toBe(
      `The customer mentioned a ${HIGHLIGHT_START}refund${HIGHLIGHT_END} ${HIGHLIGHT_START}request${HIGHLIGHT_END} for the same order (63161304).`,
    );
  });

  it("supports exclusion, kind, template, agent and date filters; newest first", async () => {
    const s = await setup();
    expect((await search(s.workspaceId, { q: "duplicate -billing" })).hits).toHaveLength(2);
    expect((await search(s.workspaceId, { q: "duplicate", kind: "report" })).hits.map((h) => h.kind)).toEqual(["report"]);
    expect((await search(s.workspaceId, { q: "duplicate", templateId: s.notes.id })).hits.map((h) => h.kind)).toEqual(["report"]);
    expect((await search(s.workspaceId, { q: "release", agentId: s.b.id, kind: "observation" })).hits).toHaveLength(1);
    const from = new Date(Date.now() - 6 * day).toISOString().slice(0, 10);
    const recent = await search(s.workspaceId, { q: "duplicate", kind: "observation", from });
    expect(recent.hits.map((h) => h.snippet)).toEqual([expect.stringContaining("outage")]);
    const all = await search(s.workspaceId, { q: "duplicate", kind: "observation" });
    expect(all.hits[0].createdAt.getTime()).toBeGreaterThan(all.hits[1].createdAt.getTime());
  });

  it("falls back to the full index when the newest rows hold too few matches", async () => {
    const s = await setup();
    // A window of 1 row: the newest observation does not match "billing", the older one does.
    const { hits } = await search(s.workspaceId, { q: "billing" }, { bounds: { ...SEARCH_BOUNDS, windows: { observation: { first: 1, chunk: 1, rows: 1 }, report: { first: 1, chunk: 1, rows: 1 } } } });
    expect(hits).toHaveLength(1);
    expect(hits[0].snippet).toContain(`${HIGHLIGHT_START}billing${HIGHLIGHT_END}`);
  });

  it("pages results and never shows another workspace's rows", async () => {
    const s = await setup();
    const other = await setup();
    for (let i = 0; i < 21; i++) await recordObservation({ scope: s.scope, agentId: s.a.id, text: `Refund number ${i} processed` });
    const first = await search(s.workspaceId, { q: "refund" });
    expect(first.hits).toHaveLength(20);
    expect(first.nextCursor).toBeTruthy();
    const second = await search(s.workspaceId, { q: "refund", after: first.nextCursor! });
    expect(second).toMatchObject({ nextCursor: null, hits: [expect.anything()] });
    const mine = await search(s.workspaceId, { q: `"duplicate ticket"` });
    expect(mine.hits.some((h) => h.agentId === other.a.id || h.agentId === other.b.id)).toBe(false);
  });

  it("rejects an over-long query with a clear message", () => {
    const parsed = SearchInput.safeParse({ q: "x".repeat(201) });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0].message).toBe("Keep the query under 200 characters.");
  });
});
