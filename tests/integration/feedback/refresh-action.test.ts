import { describe, expect, it } from "vitest";
import { createAgent } from "@/features/agents/server/create-agent";
import { rateRun } from "@/features/agents/server/rate-run";
import { recordObservation } from "@/features/agents/server/record-message";
import { recordRun } from "@/features/agents/server/record-run";
import { refreshFeedbackAction } from "@/features/feedback/actions/refresh-feedback";
import { REFRESH_MAX_ITEMS } from "@/features/feedback/server/refresh-feedback";
import { feedbackWritten } from "@/inngest/events";
import { createTemplateWithImprover } from "@/features/rituals/server";
import { db } from "@/server/db";
import { makeWorkspace, uid } from "../../factories";
import { actAs } from "../../support/session";

describe("classify new feedback (template page action)", () => {
  it("members run the pipeline with the built-in classifier; a second run classifies nothing new; viewers get 403", async () => {
    const { workspace, members, scope } = await makeWorkspace({ roles: ["member", "viewer"] });
    const template = await createTemplateWithImprover({ scope, name: `Fb ${uid()}`, directives: "Help people finish tasks." });
    const agent = await createAgent({ scope, templateId: template.id, displayName: "A" });
    await recordObservation({ scope, agentId: agent.id, text: "Thanks, the checklist was really helpful and accurate." });
    await recordObservation({ scope, agentId: agent.id, text: "The estimate was wrong and the report too long." });
    await recordObservation({ scope, agentId: agent.id, text: "The customer asked about the invoice date." });
    const run = await recordRun({ scope, agentId: agent.id, reason: "manual", status: "succeeded" });
    await rateRun({ scope, runId: run.id, rating: 0.2 });

    actAs(members.viewer);
    expect(await refreshFeedbackAction({ workspaceSlug: workspace.slug, templateId: template.id })).toMatchObject({ ok: false, error: { status: 403 } });

    actAs(members.member);
    const first = await refreshFeedbackAction({ workspaceSlug: workspace.slug, templateId: template.id });
    expect(first).toMatchObject({ ok: true, data: { classified: 4, pending: 0 } });
    expect(await db.feedbackItem.count({ where: { templateId: template.id } })).toBe(4);
    const second = await refreshFeedbackAction({ workspaceSlug: workspace.slug, templateId: template.id });
    expect(second).toMatchObject({ ok: true, data: { modelCalls: 0 } });
    expect(await db.feedbackItem.count({ where: { templateId: template.id } })).toBe(4);
  });

  it("labels at most REFRESH_MAX_ITEMS texts while the person waits and hands the rest to the background job", async () => {
    const { workspace, members, scope } = await makeWorkspace({ roles: ["member"] });
    const template = await createTemplateWithImprover({ scope, name: `Fb ${uid()}`, directives: "Help people finish tasks." });
    const agent = await createAgent({ scope, templateId: template.id, displayName: "A" });
    await db.agentMessage.createMany({
      data: Array.from({ length: REFRESH_MAX_ITEMS + 20 }, (_, i) => ({ workspaceId: workspace.id, agentId: agent.id, templateId: template.id, kind: "observation" as const, text: `Note ${i}` })),
    });
    actAs(members.member);
    const result = await refreshFeedbackAction({ workspaceSlug: workspace.slug, templateId: template.id });
    expect(result).toMatchObject({ ok: true, data: { modelCalls: REFRESH_MAX_ITEMS / 25, pending: 20, failure: null } });
    const queued = await db.outboxEvent.findFirst({ where: { name: feedbackWritten.name, data: { path: ["workspaceId"], equals: workspace.id } } });
    expect(queued).not.toBeNull();
  });
});
