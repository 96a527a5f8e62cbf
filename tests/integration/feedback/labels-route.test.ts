import { describe, expect, it } from "vitest";
import { POST } from "@/app/api/workspaces/[slug]/feedback/labels/route";
import { recordObservation } from "@/features/agents/server/record-message";
import { classifyPendingFeedback } from "@/features/feedback/server/classify-pending";
import { db } from "@/server/db";
import { makeAgent, makeTemplate, makeWorkspace, uid } from "../../factories";
import { actAs } from "../../support/session";

// "Check labels" saves through this route: the same write path as the action, behind the route
// wrapper (same origin, session, membership, member role, zod).

const post = (slug: string, body: unknown, headers: Record<string, string> = {}) =>
  POST(new Request(`http://localhost/api/workspaces/${slug}/feedback/labels`, { method: "POST", body: JSON.stringify(body), headers: { "content-type": "application/json", ...headers } }), {
    params: Promise.resolve({ slug }),
  });

describe("POST /api/workspaces/[slug]/feedback/labels", () => {
  it("stores a member's correction; viewers 403, outsiders 404, cross-site 403, bad input 400", async () => {
    const { workspace, members, scope } = await makeWorkspace({ roles: ["member", "viewer"] });
    const template = await makeTemplate(scope, { name: `Route ${uid()}`, directives: "Help." });
    const agent = await makeAgent(scope, template.id);
    await recordObservation({ scope, agentId: agent.id, text: "Yes, go ahead." });
    await classifyPendingFeedback({ workspaceId: workspace.id });
    const item = await db.feedbackItem.findFirstOrThrow({ where: { templateId: template.id } });
    const body = { corrections: [{ itemId: item.id, sentiment: "positive", category: "general" }] };
    const outsider = await makeWorkspace();

    actAs(members.viewer);
    expect((await post(workspace.slug, body)).status).toBe(403);
    actAs(outsider.owner);
    expect((await post(workspace.slug, body)).status).toBe(404);
    actAs(members.member);
    expect((await post(workspace.slug, body, { origin: "https://evil.example" })).status).toBe(403);
    expect((await post(workspace.slug, { corrections: [{ itemId: item.id, sentiment: "glad" }] })).status).toBe(400);
    expect(await db.feedbackLabelCorrection.count({ where: { workspaceId: workspace.id } })).toBe(0);

    const ok = await post(workspace.slug, body);
    expect(ok.status).toBe(200);
    expect(await ok.json()).toMatchObject({ corrected: expect.any(Number), confirmed: expect.any(Number) });
    expect(await db.feedbackItem.findUniqueOrThrow({ where: { id: item.id } })).toMatchObject({ sentiment: "positive", category: "general", classifiedBy: "person" });
    expect(await db.feedbackLabelCorrection.findFirstOrThrow({ where: { workspaceId: workspace.id } })).toMatchObject({ userId: members.member.id });
  });
});
