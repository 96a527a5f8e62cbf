import { describe, expect, it } from "vitest";
import { rateRunAction } from "@/features/agents/actions/rate-run";
import { recordRun } from "@/features/agents/server/record-run";
import { decideChangeItemsAction } from "@/features/decisions/actions/decide-change-items";
import { createChangeSet } from "@/features/decisions/server/create-change-set";
import { createTaskAction } from "@/features/tasks/actions/create-task";
import { createTemplateVersionAction } from "@/features/templates/actions/create-template-version";
import { setTemplateHeadAction } from "@/features/templates/actions/set-template-head";
import { createTemplateWithImprover } from "@/features/rituals/server";
import { createTask as createTaskService } from "@/features/tasks/server/create-task";
import { db } from "@/server/db";
import { makeWorkspace, uid } from "../../factories";
import { actAs } from "../../support/session";

async function setup() {
  const ws = await makeWorkspace({ roles: ["admin", "member", "viewer"] });
  const { scope } = ws;
  const template = await createTemplateWithImprover({ scope, name: `Acts ${uid()}`, directives: "Do the work properly." });
  const { agent } = await createTaskService({ scope, title: "A task to act on", templateId: template.id });
  const run = await recordRun({ scope, agentId: agent!.id, reason: "manual", status: "succeeded" });
  const set = await createChangeSet({ scope, agentId: agent!.id, items: [{ tool: "propose_estimate", args: { minutes: 10 }, summary: "10 min" }] });
  return { ...ws, template, run, item: set.items[0], slug: ws.workspace.slug };
}

describe("agents-domain actions enforce roles", () => {
  it("viewers can do none of them (403) and nothing is written", async () => {
    const s = await setup();
    actAs(s.members.viewer);
    const results = await Promise.all([
      createTemplateVersionAction({ workspaceSlug: s.slug, templateId: s.template.id, directives: "A viewer's new directives" }),
      setTemplateHeadAction({ workspaceSlug: s.slug, templateId: s.template.id, versionId: s.template.headVersionId }),
      decideChangeItemsAction({ workspaceSlug: s.slug, itemIds: [s.item.id], verdict: "confirmed" }),
      rateRunAction({ workspaceSlug: s.slug, runId: s.run.id, rating: 1 }),
      createTaskAction({ workspaceSlug: s.slug, title: "Viewer task", description: "" }),
    ]);
    for (const r of results) expect(r).toMatchObject({ ok: false, error: { status: 403 } });
    expect(await db.templateVersion.count({ where: { templateId: s.template.id } })).toBe(1);
    expect((await db.changeItem.findUniqueOrThrow({ where: { id: s.item.id } })).status).toBe("pending");
    expect((await db.wakeRun.findUniqueOrThrow({ where: { id: s.run.id } })).userRating).toBeNull();
  });

  it("members decide, rate and create tasks, but templates are for admins", async () => {
    const s = await setup();
    actAs(s.members.member);
    expect((await decideChangeItemsAction({ workspaceSlug: s.slug, itemIds: [s.item.id], verdict: "rejected", reason: "Too short" })).ok).toBe(true);
    expect((await rateRunAction({ workspaceSlug: s.slug, runId: s.run.id, rating: 0.4 })).ok).toBe(true);
    expect((await createTaskAction({ workspaceSlug: s.slug, title: "Member task", description: "", templateId: s.template.id })).ok).toBe(true);
    expect(await createTemplateVersionAction({ workspaceSlug: s.slug, templateId: s.template.id, directives: "A member's new directives" })).toMatchObject({ ok: false, error: { status: 403 } });
    actAs(s.members.admin);
    expect(await createTemplateVersionAction({ workspaceSlug: s.slug, templateId: s.template.id, directives: "An admin's new directives" })).toMatchObject({ ok: true, data: { number: 2 } });
  });

  it("answers bad input with 400 and field messages", async () => {
    const s = await setup();
    actAs(s.owner);
    const rating = await rateRunAction({ workspaceSlug: s.slug, runId: s.run.id, rating: 1.5 });
    expect(rating).toMatchObject({ ok: false, error: { status: 400, fieldErrors: { rating: ["A rating is at most 1."] } } });
    const reject = await decideChangeItemsAction({ workspaceSlug: s.slug, itemIds: [s.item.id], verdict: "rejected" });
    expect(reject).toMatchObject({ ok: false, error: { status: 400, fieldErrors: { reason: [expect.stringMatching(/Say why/)] } } });
    const title = await createTaskAction({ workspaceSlug: s.slug, title: "x".repeat(10_000), description: "" });
    expect(title).toMatchObject({ ok: false, error: { status: 400, fieldErrors: { title: ["Use at most 200 characters (this is 10,000)."] } } });
    const version = await createTemplateVersionAction({ workspaceSlug: s.slug, templateId: s.template.id, directives: "short" });
    expect(version).toMatchObject({ ok: false, error: { status: 400, fieldErrors: { directives: [expect.any(String)] } } });
  });

  it("a user of another workspace gets 404 for ids of this one", async () => {
    const s = await setup();
    const other = await makeWorkspace();
    actAs(other.owner);
    const res = await rateRunAction({ workspaceSlug: other.workspace.slug, runId: s.run.id, rating: 0.9 });
    expect(res).toMatchObject({ ok: false, error: { status: 404 } });
    expect((await db.wakeRun.findUniqueOrThrow({ where: { id: s.run.id } })).userRating).toBeNull();
  });
});
