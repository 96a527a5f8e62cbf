import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { generateTeam } from "@/lab/generate/team-generator";
import { runLab, type LabOptions } from "@/lab/run-lab";
import { Prisma } from "@/generated/prisma/client";
import { db } from "@/server/db";
import { makeWorkspace } from "../../factories";

// `npm run lab` in small, on the product's services and the built-in models: it completes, reports
// every week in the documented shape, moves its rows onto the simulated calendar without touching
// another workspace, and repeats itself exactly; and the agents get better once the owner approves
// what the improver learnt from the reviewers (the built-in task agent follows the directive
// clauses, the built-in improver writes them from feedback).

const OPTIONS: LabOptions = { weeks: 2, seed: 3, personas: "lab/personas/support-team.json", tasksPerWeek: 4 };

describe("the lab", () => {
  it("runs two weeks and reports them; the same seed gives the same report", async () => {
    const bystander = await makeWorkspace();
    const bystanderBefore = await db.workspace.findUniqueOrThrow({ where: { id: bystander.workspace.id } });
    const realStart = new Date();

    const { workspaceSlug, durationMs, ...result } = await runLab(OPTIONS);

    expect(durationMs).toBeGreaterThan(0);
    expect(result).toMatchObject({ team: "Support team", personas: OPTIONS.personas, seed: 3, models: "built-in", tasksPerWeek: 4 });
    expect(result.weeks.map((w) => w.week)).toEqual([1, 2]);
    for (const w of result.weeks) {
      expect(w).toMatchObject({ tasks: 4, failedRuns: 0, versionsApproved: expect.any(Array), rejectionsByCategory: expect.any(Object), ritual: { status: expect.any(String) } });
      expect(w.proposals).toBe(w.accepted + w.rejected + w.deferred);
      expect(w.proposals).toBeGreaterThan(0);
      expect(w.acceptanceRate).toBeCloseTo(w.accepted / (w.accepted + w.rejected), 4);
      expect(w.meanRating === null || (w.meanRating >= 0 && w.meanRating <= 1)).toBe(true);
      expect(Object.values(w.rejectionsByCategory).reduce((a, b) => a + b, 0)).toBe(w.rejected);
    }
    expect(result.versions[0]).toMatchObject({ version: 1, status: "initial", approved: true, replay: null });
    for (const v of result.versions.slice(1)) {
      expect(v).toMatchObject({ week: expect.any(Number), round: expect.any(Number), directives: expect.any(String), approved: v.status === "approved" });
      // The replay check sampled exactly the week before the proposal: that week's runs.
      expect(v.replay).toMatchObject({ status: "done", runs: OPTIONS.tasksPerWeek });
    }

    // Its rows live on the simulated calendar: in the past, a week apart, one run per ticket.
    const workspace = await db.workspace.findUniqueOrThrow({ where: { slug: workspaceSlug } });
    const runs = await db.wakeRun.findMany({ where: { workspaceId: workspace.id, agent: { kind: "taskAgent" } }, orderBy: { startedAt: "asc" }, select: { startedAt: true } });
    expect(runs).toHaveLength(8);
    expect(runs.every((r) => r.startedAt < realStart)).toBe(true);
    const days = (a: Date, b: Date) => (b.getTime() - a.getTime()) / 86_400_000;
    expect(days(runs[0]!.startedAt, runs[4]!.startedAt)).toBeCloseTo(7, 1);
    expect(await db.changeDecision.count({ where: { workspaceId: workspace.id, decidedAt: { gte: realStart } } })).toBe(0);
    // …and nobody else's moved.
    expect(await db.workspace.findUniqueOrThrow({ where: { id: bystander.workspace.id } })).toEqual(bystanderBefore);

    const repeated = await runLab(OPTIONS);
    expect(repeated.workspaceSlug).not.toBe(workspaceSlug);
    expect({ ...repeated, workspaceSlug, durationMs }).toEqual({ ...result, workspaceSlug, durationMs });
  }, 120_000); // whole simulated weeks: 10–37 s on a loaded 2-core machine

  it("with --external the agents run as the team's own code, through the typed client and the API, and the same seed gives the same weeks", async () => {
    const internal = await runLab(OPTIONS);
    const { workspaceSlug, ...external } = await runLab({ ...OPTIONS, external: true });
    expect(external.external).toBe(true);
    expect(external.weeks).toEqual(internal.weeks);
    expect(external.versions).toEqual(internal.versions);

    const workspace = await db.workspace.findUniqueOrThrow({ where: { slug: workspaceSlug } });
    const template = await db.agentTemplate.findFirstOrThrow({ where: { workspaceId: workspace.id, kind: "taskAgent" }, select: { runsExternally: true, replayUrl: true } });
    expect(template).toMatchObject({ runsExternally: true, replayUrl: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+\/replay$/) });
    // Every run was reported through the API with what it was given, by an agent registered under the team's id.
    const runs = await db.wakeRun.findMany({ where: { workspaceId: workspace.id, agent: { kind: "taskAgent" } }, select: { inputs: true, agent: { select: { externalId: true } } } });
    expect(runs).toHaveLength(8);
    for (const r of runs) {
      expect(r.inputs).toMatchObject({ v: "external", given: { task: expect.any(Object), observations: [] } });
      expect(r.agent.externalId).toMatch(/^lab-\d+-\d+$/);
    }
    expect(await db.apiKey.count({ where: { workspaceId: workspace.id, lastUsedAt: { not: null } } })).toBe(1);
    // The replay checks played the week's runs through the lab's endpoint.
    const checks = await db.replayCheck.findMany({ where: { workspaceId: workspace.id }, select: { status: true, sampled: true, replayed: true } });
    expect(checks.length).toBeGreaterThan(0);
    for (const c of checks) expect(c).toEqual({ status: "done", sampled: OPTIONS.tasksPerWeek, replayed: OPTIONS.tasksPerWeek });
  }, 120_000); // whole simulated weeks, twice

  it("with the built-in agents, acceptance rises once the owner approves the improver's first version", async () => {
    const { weeks } = await runLab({ ...OPTIONS, weeks: 3, seed: 1, tasksPerWeek: 8 });
    const first = weeks.findIndex((w) => w.versionsApproved.length > 0);
    expect(first).toBeGreaterThanOrEqual(0);
    expect(first).toBeLessThan(weeks.length - 1);
    const rate = (ws: typeof weeks) => ws.reduce((n, w) => n + w.accepted, 0) / ws.reduce((n, w) => n + w.accepted + w.rejected, 0);
    const before = weeks.slice(0, first + 1);
    const after = weeks.slice(first + 1);
    expect(after[0]!.version).toBeGreaterThan(1);
    expect(rate(after)).toBeGreaterThan(rate(before) + 0.1);
  }, 120_000); // whole simulated weeks: 10–37 s on a loaded 2-core machine

  it("a generated team (words the built-ins were not written for) learns from its decisions: acceptance rises, and the ritual's proposal carries its candidate search", async () => {
    // The first team of seed 5 that holds a checklist limit and approves on confidence or always (deterministic).
    const index = Array.from({ length: 50 }, (_, i) => i).find((i) => {
      const t = generateTeam(5, i);
      return t.preferences.includes("checklistLimit") && t.persona.owner.approve !== "replay-favourable";
    })!;
    const team = generateTeam(5, index);
    const dir = mkdtempSync(path.join(os.tmpdir(), "lab-generated-"));
    try {
      const personas = path.join(dir, "team.json");
      writeFileSync(personas, JSON.stringify(team.persona));
      const { weeks, workspaceSlug } = await runLab({ weeks: 4, seed: 2, personas, tasksPerWeek: 8 });
      expect(weeks.some((w) => w.versionsApproved.length > 0), team.summary).toBe(true);
      expect(weeks.at(-1)!.acceptanceRate!, team.summary).toBeGreaterThan(weeks[0]!.acceptanceRate! + 0.1);
      const workspace = await db.workspace.findUniqueOrThrow({ where: { slug: workspaceSlug } });
      const searched = await db.proposal.findFirst({ where: { workspaceId: workspace.id, candidates: { not: Prisma.AnyNull } }, select: { candidates: true, rationale: true } });
      expect(searched?.rationale).toMatch(/Candidate search: \d+ versions replayed on \d+ of last week's runs/);
      expect(searched?.candidates).toMatchObject({ chosen: expect.any(Number), runs: expect.any(Number), candidates: expect.arrayContaining([expect.objectContaining({ label: "as proposed" })]) });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 180_000); // four simulated weeks with candidate searches: ≈ 20–60 s on a loaded 2-core machine
});
