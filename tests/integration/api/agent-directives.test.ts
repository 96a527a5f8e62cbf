import { describe, expect, it } from "vitest";
import { GET as getAgentDirectives } from "@/app/api/v1/agents/[id]/directives/route";
import { POST as createAgent } from "@/app/api/v1/agents/route";
import { POST as recordRun } from "@/app/api/v1/runs/route";
import { GET as getTemplateDirectives } from "@/app/api/v1/templates/[id]/directives/route";
import { armOf } from "@/features/probation/assign";
import { createTemplateVersion } from "@/features/templates/server";
import { db } from "@/server/db";
import { makeAgent, makeTemplate, uid } from "../../factories";
import { call, createApiWorld } from "./fixtures";

// Agents that run in the team's own code take part in probation: each asks for the directives it
// must run (its arm's version while a probation runs), cheaply (ETag / 304), and a run it reports
// is counted in the arm whose version it ran.

const V1 = "Triage each ticket and say why in one sentence.";
const V2 = `${V1}\n- Name the customer's deadline when there is one.`;

async function worldWithProbation(agents = 12) {
  const world = await createApiWorld();
  await db.agentTemplate.update({ where: { id: world.template.id }, data: { probationShare: 0.5 } });
  const others = await Promise.all(Array.from({ length: agents - 1 }, () => makeAgent(world.scope, world.template.id)));
  const all = [world.agent, ...others];
  await createTemplateVersion({ scope: world.scope, templateId: world.template.id, directives: V2, authoredBy: "user" });
  const probation = await db.probation.findFirstOrThrow({ where: { templateId: world.template.id, status: "running" } });
  const versions = await db.templateVersion.findMany({ where: { templateId: world.template.id }, orderBy: { number: "asc" } });
  const armOfAgent = (id: string) => armOf(probation.id, id, probation.share);
  return { world, all, probation, v1: versions[0]!, v2: versions[1]!, armOfAgent };
}

const agentDirectives = (key: string, id: string, headers: Record<string, string> = {}) => call(getAgentDirectives, `/api/v1/agents/${id}/directives`, { key, params: { id }, headers });

describe("GET /api/v1/agents/{id}/directives", () => {
  it("answers each agent with its probation arm's version, and the template endpoint with ?agent= the same", { timeout: 90_000 }, async () => {
    const { world, all, probation, v1, v2, armOfAgent } = await worldWithProbation();
    const arms = new Set<string>();
    for (const agent of all) {
      const arm = armOfAgent(agent.id);
      arms.add(arm);
      const expected = arm === "baseline" ? v1 : v2;
      const res = await agentDirectives(world.key, agent.id);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ agentId: agent.id, templateId: world.template.id, versionId: expected.id, version: expected.number, directives: expected.directives, probation: { id: probation.id, arm, headVersion: 2 } });
      const viaTemplate = await call(getTemplateDirectives, `/api/v1/templates/${world.template.id}/directives?agent=${agent.id}`, { key: world.key, params: { id: world.template.id } });
      expect(viaTemplate.body).toEqual(res.body);
    }
    expect(arms).toEqual(new Set(["baseline", "candidate"])); // 12 agents at a share of 0.5: both arms are dealt
    // Without ?agent=, the head, as before.
    const head = await call(getTemplateDirectives, `/api/v1/templates/${world.template.id}/directives`, { key: world.key, params: { id: world.template.id } });
    expect(head.body).toEqual({ templateId: world.template.id, versionId: v2.id, version: 2, directives: V2 });
  });

  it("304 while nothing changed (ETag, If-None-Match), 200 with a new tag once the head moves", async () => {
    const world = await createApiWorld();
    const first = await agentDirectives(world.key, world.agent.id);
    const etag = first.headers.get("etag")!;
    expect(first.status).toBe(200);
    expect(etag).toMatch(/^"[\w-]{27}"$/);
    expect(first.headers.get("cache-control")).toBe("private, no-cache");

    const again = await agentDirectives(world.key, world.agent.id, { "If-None-Match": etag });
    expect([again.status, again.text, again.headers.get("etag")]).toEqual([304, "", etag]);
    expect((await agentDirectives(world.key, world.agent.id, { "If-None-Match": `W/${etag}, "other"` })).status).toBe(304);
    expect((await agentDirectives(world.key, world.agent.id, { "If-None-Match": '"stale"' })).status).toBe(200);

    await createTemplateVersion({ scope: world.scope, templateId: world.template.id, directives: V2, authoredBy: "user" });
    const moved = await agentDirectives(world.key, world.agent.id, { "If-None-Match": etag });
    expect(moved.status).toBe(200);
    expect(moved.headers.get("etag")).not.toBe(etag);
  });

  it("another workspace's agent, an agent of another template (?agent=) and a malformed id are 404s", async () => {
    const a = await createApiWorld();
    const b = await createApiWorld();
    expect((await agentDirectives(b.key, a.agent.id)).status).toBe(404);
    expect((await agentDirectives(a.key, "not an id!")).status).toBe(404);
    const other = await makeTemplate(a.scope, { name: `Other ${uid()}` });
    const res = await call(getTemplateDirectives, `/api/v1/templates/${other.id}/directives?agent=${a.agent.id}`, { key: a.key, params: { id: other.id } });
    expect(res.status).toBe(404);
    const bad = await call(getTemplateDirectives, `/api/v1/templates/${a.template.id}/directives?agents=1`, { key: a.key, params: { id: a.template.id } });
    expect([bad.status, bad.body.error.message]).toEqual([400, "Some query parameters are invalid."]);
  });
});

describe("POST /api/v1/runs during a probation", () => {
  it("counts a run in the arm whose version it ran, says when that is not the agent's arm, and defaults to the agent's version", async () => {
    const { world, all, probation, v1, v2, armOfAgent } = await worldWithProbation();
    const candidate = all.find((a) => armOfAgent(a.id) === "candidate")!;
    const baseline = all.find((a) => armOfAgent(a.id) === "baseline")!;
    const post = (agentId: string, templateVersionId?: string) =>
      call(recordRun, "/api/v1/runs", { key: world.key, body: { agentId, reason: "manual", status: "succeeded", durationMs: 1000, ...(templateVersionId ? { templateVersionId } : {}) } });

    const asDealt = await post(candidate.id, v2.id);
    expect(asDealt.status).toBe(201);
    expect(asDealt.body).toMatchObject({ templateVersionId: v2.id, arm: "candidate", warning: null });

    const otherArm = await post(candidate.id, v1.id);
    expect(otherArm.body).toMatchObject({ templateVersionId: v1.id, arm: "baseline" });
    expect(otherArm.body.warning).toMatch(/arm runs v2; the run used v1 and is counted in the baseline arm/);

    const defaulted = await post(baseline.id);
    expect(defaulted.body).toMatchObject({ templateVersionId: v1.id, arm: "baseline", warning: null });

    const rows = await db.wakeRun.findMany({ where: { id: { in: [asDealt.body.id, otherArm.body.id, defaulted.body.id] } }, select: { id: true, probationId: true, arm: true } });
    expect(rows.every((r) => r.probationId === probation.id)).toBe(true);
    expect(Object.fromEntries(rows.map((r) => [r.id, r.arm]))).toEqual({ [asDealt.body.id]: "candidate", [otherArm.body.id]: "baseline", [defaulted.body.id]: "baseline" });
  });

  it("without a probation: no arm, no warning", async () => {
    const world = await createApiWorld();
    const res = await call(recordRun, "/api/v1/runs", { key: world.key, body: { agentId: world.agent.id, reason: "manual", status: "succeeded" } });
    expect(res.body).toMatchObject({ arm: null, warning: null });
  });

  it("stores the run's inputs for the replay endpoint, tagged as an external agent's; refuses inputs over 64 KB or not an object", async () => {
    const world = await createApiWorld();
    const inputs = { ticket: { id: "T-1", body: "Refund missing" }, seen: [1, 2] };
    const res = await call(recordRun, "/api/v1/runs", { key: world.key, body: { agentId: world.agent.id, reason: "manual", status: "succeeded", inputs } });
    expect(res.status).toBe(201);
    const row = await db.wakeRun.findUniqueOrThrow({ where: { id: res.body.id }, select: { inputs: true } });
    expect(row.inputs).toEqual({ v: "external", given: inputs });
    const big = await call(recordRun, "/api/v1/runs", { key: world.key, body: { agentId: world.agent.id, reason: "manual", status: "succeeded", inputs: { text: "x".repeat(64_001) } } });
    expect(big.status).toBe(422);
    expect(JSON.stringify(big.body)).toContain("inputs must be at most 64 KB");
    const list = await call(recordRun, "/api/v1/runs", { key: world.key, body: { agentId: world.agent.id, reason: "manual", status: "succeeded", inputs: [1, 2] } });
    expect(list.status).toBe(422);
  });
});

describe("POST /api/v1/agents with an externalId", () => {
  it("registers once: the same externalId on the same template returns the same agent; on another template it is a conflict", async () => {
    const world = await createApiWorld();
    const externalId = `svc-triage-${uid()}`;
    const body = { templateId: world.template.id, displayName: "Triage (our service)", externalId };
    const [first, second] = await Promise.all([call(createAgent, "/api/v1/agents", { key: world.key, body }), call(createAgent, "/api/v1/agents", { key: world.key, body })]);
    expect([first.status, second.status]).toEqual([201, 201]);
    expect(second.body.id).toBe(first.body.id);
    expect(await db.agent.count({ where: { workspaceId: world.workspace.id, externalId } })).toBe(1);
    const other = await makeTemplate(world.scope, { name: `Other ${uid()}` });
    const clash = await call(createAgent, "/api/v1/agents", { key: world.key, body: { ...body, templateId: other.id } });
    expect(clash.status).toBe(409);
  });
});
