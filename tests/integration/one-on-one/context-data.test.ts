import { describe, expect, it } from "vitest";
import { countChangesSince, currentChangeCounter } from "@/features/agents/server/change-feed";
import { getTemplateMetrics } from "@/features/dashboards/server/template-metrics";
import type { Verdict } from "@/generated/prisma/client";
import { assembleImproverContext } from "@/features/one-on-one/server/context";
import { loadImproverContextData } from "@/features/one-on-one/server/context-data";
import { getDecisionHistory } from "@/features/one-on-one/server/decision-history";
import { createTemplateVersion } from "@/features/templates/server/create-template-version";
import { setTemplateHead } from "@/features/templates/server/set-template-head";
import type { Scope } from "@/server/scope";
import { makeAgent, makeChangeSetRow, makeEvolutionNote, makeEvolutionSession, makeObservation, makeReport, makeTemplate, makeWorkspace, uid } from "../../factories";

// "Now" is 18 June 2025, 12:00 UTC; the decision history looks back 30 days (from 19 May 12:00).
const NOW = new Date("2025-06-18T12:00:00Z");
const at = (s: string) => new Date(`2025-${s}Z`);
/** The i-th hour of 1 June: rows written in a known order. */
const hour = (i: number) => new Date(at("06-01T00:00:00").getTime() + i * 3_600_000);

/** A template with agents, in its own workspace. */
async function templateWithAgents(label: string, agentCount: number) {
  const { scope } = await makeWorkspace();
  const template = await makeTemplate(scope, { name: `${label} ${uid()}`, directives: `${label} v1 directives` });
  const agents = [];
  for (let i = 0; i < agentCount; i++) agents.push(await makeAgent(scope, template.id, { displayName: `${label} agent ${i}` }));
  return { scope, template, agents };
}

async function report(scope: Scope, agent: { id: string; templateId: string }, markdown: string, createdAt: Date, confidence: number | null = 0.5) {
  await makeReport({ ...agent, workspaceId: scope.workspaceId }, { markdown, confidence, createdAt });
}

async function message(scope: Scope, agent: { id: string; templateId: string }, text: string, createdAt: Date, kind: "observation" | "report" | "user" = "observation") {
  await makeObservation({ ...agent, workspaceId: scope.workspaceId }, { kind, text, createdAt });
}

/** Sessions numbered 1..n; `notes[k]` are the contents of session k+1's notes (none → no notes). */
async function sessionsWithNotes(scope: Scope, templateId: string, notes: string[][]) {
  for (const [k, contents] of notes.entries()) {
    const session = await makeEvolutionSession({ id: templateId, workspaceId: scope.workspaceId }, { sessionNumber: k + 1 });
    for (const [j, content] of contents.entries()) await makeEvolutionNote(session, { kind: "hypothesis", content, createdAt: hour(100 + k * 10 + j) });
  }
}

async function decision(scope: Scope, agent: { id: string; templateId: string }, tool: string, verdict: Verdict, decidedAt: string, reason?: string) {
  await makeChangeSetRow({ ...agent, workspaceId: scope.workspaceId }, {
    items: [{ tool, summary: tool, decision: { verdict, reason: reason ?? null, decidedAt: at(decidedAt), decidedById: scope.actorUserId! } }],
  });
}

async function fixture() {
  const main = await templateWithAgents("Triage", 3);
  const { scope, template, agents } = main;
  // Versions 1..7, then a rollback to 6: the head is not the newest version.
  const versions = [template.head];
  for (let n = 2; n <= 7; n++) versions.push(await createTemplateVersion({ scope, templateId: template.id, directives: `Triage v${n} directives`, authoredBy: "agent", rationale: `Change ${n}` }));
  await setTemplateHead({ scope, templateId: template.id, versionId: versions[5].id });
  const sinceCounter = await currentChangeCounter();

  // 12 reports and 12 observations, one an hour; plus newer rows that do not qualify.
  for (let i = 0; i < 12; i++) {
    await report(scope, agents[i % 3], `Report ${i}`, hour(i));
    await message(scope, agents[i % 3], `Observation ${i}`, hour(i));
  }
  await message(scope, agents[0], "A user message", hour(50), "user");
  await message(scope, agents[0], "A report message", hour(51), "report");

  // Sessions 1..7; 6 has no notes, so the last five with notes are 7, 5, 4, 3, 2.
  await sessionsWithNotes(scope, template.id, [["s1 note"], ["s2 note"], ["s3 note"], ["s4 note a", "s4 note b"], ["s5 note"], [], ["s7 note"]]);

  const [a1, a2, a3] = agents;
  await decision(scope, a1, "propose_estimate", "rejected", "06-10T10:00:00", "Too optimistic");
  await decision(scope, a2, "propose_estimate", "rejected", "06-11T10:00:00", "  too optimistic ");
  await decision(scope, a3, "propose_estimate", "rejected", "06-12T10:00:00", "TOO OPTIMISTIC");
  await decision(scope, a1, "propose_estimate", "rejected", "06-13T10:00:00", "Missed the deadline");
  await decision(scope, a1, "propose_estimate", "confirmed", "06-13T11:00:00");
  await decision(scope, a1, "propose_estimate", "deferred", "06-13T12:00:00", "Later");
  // The same reason on another tool is its own entry.
  await decision(scope, a2, "propose_status", "rejected", "06-14T10:00:00", "Too optimistic");
  await decision(scope, a2, "propose_status", "rejected", "06-14T11:00:00", "   ");
  await decision(scope, a2, "propose_status", "confirmed", "06-15T10:00:00");
  await decision(scope, a2, "propose_status", "confirmed", "06-15T11:00:00");
  await decision(scope, a3, "propose_checklist_items", "confirmed", "06-16T10:00:00");
  await decision(scope, a3, "propose_checklist_items", "confirmed", "06-16T11:00:00");
  // Before the 30-day window, and after "now".
  await decision(scope, a3, "propose_checklist_items", "rejected", "05-10T10:00:00", "Old reason");
  await decision(scope, a3, "propose_checklist_items", "rejected", "06-18T13:00:00", "Future reason");

  // Another template in the same workspace and one in another workspace: newer rows of every kind.
  const sibling = await makeTemplate(scope, { name: `Sibling ${uid()}`, directives: "Sibling directives" });
  const siblingAgent = await makeAgent(scope, sibling.id, { displayName: "Sibling agent" });
  const foreign = await templateWithAgents("Foreign", 1);
  for (const [s, agent, templateId] of [[scope, siblingAgent, sibling.id], [foreign.scope, foreign.agents[0], foreign.template.id]] as const) {
    await report(s, agent, "Noise report", hour(60));
    await message(s, agent, "Noise observation", hour(60));
    await sessionsWithNotes(s, templateId, [["noise note"]]);
    await decision(s, agent, "propose_checklist_items", "rejected", "06-17T10:00:00", "Noise reason");
  }
  return { ...main, sinceCounter, foreign };
}

const load = (f: Awaited<ReturnType<typeof fixture>>, lastSessionAt: Date | null = at("06-14T00:00:00")) =>
  loadImproverContextData({ workspaceId: f.scope.workspaceId, templateId: f.template.id, origin: "interactive", sinceCounter: f.sinceCounter, feedback: null, lastSessionAt, now: NOW });

describe("loadImproverContextData", () => {
  it("reads the head, the last 5 versions, and only the newest 10 reports and observations of this template", async () => {
    const f = await fixture();
    const data = await load(f);

    expect(data.template).toEqual({ id: f.template.id, name: f.template.name });
    expect(data.head).toEqual({ number: 6, directives: "Triage v6 directives" });
    expect(data.versions.map((v) => [v.number, v.isHead, v.authoredBy, v.rationale])).toEqual([
      [7, false, "agent", "Change 7"],
      [6, true, "agent", "Change 6"],
      [5, false, "agent", "Change 5"],
      [4, false, "agent", "Change 4"],
      [3, false, "agent", "Change 3"],
    ]);

    const expected = Array.from({ length: 10 }, (_, k) => 11 - k); // 11 … 2, newest first
    expect(data.reports.map((r) => r.markdown)).toEqual(expected.map((i) => `Report ${i}`));
    expect(data.reports[0]).toEqual({ agentId: f.agents[2].id, agentName: "Triage agent 2", markdown: "Report 11", confidence: 0.5, createdAt: hour(11) });
    expect(data.observations.map((o) => o.text)).toEqual(expected.map((i) => `Observation ${i}`));
    expect(data.observations[1]).toEqual({ agentId: f.agents[1].id, agentName: "Triage agent 1", text: "Observation 10", createdAt: hour(10) });
  });

  it("reads the notes of the last 5 sessions that have notes, newest first", async () => {
    const f = await fixture();
    const { notes } = await load(f);
    expect(notes.map((n) => [n.sessionNumber, n.content])).toEqual([
      [7, "s7 note"],
      [5, "s5 note"],
      [4, "s4 note b"],
      [4, "s4 note a"],
      [3, "s3 note"],
      [2, "s2 note"],
    ]);
    expect(notes[0].kind).toBe("hypothesis");
  });

  it("counts decisions per tool with the rejection rate, and groups reasons case- and space-insensitively", async () => {
    const f = await fixture();
    const { decisions } = await load(f);
    expect(decisions).toEqual({
      days: 30,
      byTool: [
        { toolName: "propose_estimate", confirmed: 1, rejected: 4, deferred: 1, rejectionRate: 0.8 },
        { toolName: "propose_status", confirmed: 2, rejected: 2, deferred: 0, rejectionRate: 0.5 },
        { toolName: "propose_checklist_items", confirmed: 2, rejected: 0, deferred: 0, rejectionRate: 0 },
      ],
      topRejectionReasons: [
        { reason: "TOO OPTIMISTIC", toolName: "propose_estimate", count: 3 },
        { reason: "Too optimistic", toolName: "propose_status", count: 1 },
        { reason: "Missed the deadline", toolName: "propose_estimate", count: 1 },
      ],
      lastReplay: null,
      probations: [],
      // No reviewer conflicts on this template; the recent changes' evidence is the oscillation guard's (oscillation-guard.test.ts).
      conflicts: { open: [], settled: [] },
      recentChanges: expect.any(Array),
    });
    // A longer window reaches the old rejection.
    const longer = await getDecisionHistory({ workspaceId: f.scope.workspaceId, templateId: f.template.id, since: at("05-01T12:00:00"), now: NOW });
    expect(longer.days).toBe(48);
    expect(longer.byTool.find((t) => t.toolName === "propose_checklist_items")).toMatchObject({ rejected: 1, rejectionRate: 1 / 3 });
    expect(longer.topRejectionReasons.map((r) => r.reason)).toContain("Old reason");
  });

  it("takes the delta from countChangesSince and the metrics from the 7-day dashboard read model", async () => {
    const f = await fixture();
    const data = await load(f);
    const changes = await countChangesSince({ workspaceId: f.scope.workspaceId, templateId: f.template.id, sinceCounter: f.sinceCounter });
    expect(changes.total).toBeGreaterThan(0);
    expect(data.delta).toEqual({ total: changes.total, capped: changes.capped, sinceCounter: f.sinceCounter, lastSessionAt: at("06-14T00:00:00") });
    expect(data.metrics).toEqual(await getTemplateMetrics({ workspaceId: f.scope.workspaceId, templateId: f.template.id, days: 7, now: NOW }));
    expect(data.metrics?.acceptance).toMatchObject({ confirmed: 5, rejected: 4 });
    expect(data.feedback).toBeNull();
    expect(data.origin).toBe("interactive");
  });

  it("never shows another template's or workspace's rows, and refuses a template of another workspace", async () => {
    const f = await fixture();
    const data = await load(f);
    const text = assembleImproverContext(data).system;
    expect(text).not.toMatch(/Noise|noise|Sibling|Foreign|Old reason|Future reason/);
    expect(text).toContain("- [Triage agent 2, agent");
    await expect(
      loadImproverContextData({ workspaceId: f.scope.workspaceId, templateId: f.foreign.template.id, origin: "ritual", sinceCounter: 0, feedback: null, lastSessionAt: null, now: NOW }),
    ).rejects.toMatchObject({ code: "NOT_FOUND" });
  });
});
