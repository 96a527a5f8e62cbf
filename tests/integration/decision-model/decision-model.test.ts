import { describe, expect, it } from "vitest";
import { assembleImproverContext } from "@/features/one-on-one/server/context";
import { loadImproverContextData } from "@/features/one-on-one/server/context-data";
import { refitDecisionModelAction } from "@/features/decision-model/actions/refit-decision-model";
import { getWhatPeopleAccept, latestDecisionModel } from "@/features/decision-model/server";
import { db } from "@/server/db";
import { makeAgent, makeChangeSetRow, makeReport, makeRunRow, makeTemplate, makeWorkspace, uid } from "../../factories";
import { actAs } from "../../support/session";

// The decision model from the database: decided proposals and rated runs of one template, read in
// two statements, fitted, stored, shown on the template page and handed to the improver.

const DAY = 86_400_000;

/** 60 checklists of 1–9 items over four weeks: Maya confirms up to 5 items and rejects longer ones; Leo confirms everything. */
async function seedTemplate() {
  const { workspace, owner, members, scope } = await makeWorkspace({ roles: ["member", "viewer"] });
  const template = await makeTemplate(scope, { name: `Triage ${uid()}` });
  const head = await db.agentTemplate.findUniqueOrThrow({ where: { id: template.id }, select: { headVersionId: true } });
  const agent = await makeAgent(scope, template.id);
  const now = Date.now();
  for (let i = 0; i < 60; i++) {
    const items = 1 + (i % 9);
    const leo = i % 6 === 0;
    const decidedAt = new Date(now - (28 - Math.floor(i / 2.2)) * DAY);
    const run = await makeRunRow(agent, { templateVersionId: head.headVersionId!, userRating: items <= 5 ? 0.9 : 0.4, ratedAt: decidedAt });
    await makeReport(agent, { wakeRunId: run.id, markdown: items <= 5 ? "## Summary\n- Short." : "## Summary\nOne. Two. Three. Four. Five. Six. Seven. Eight.", confidence: 0.8 });
    await makeChangeSetRow(agent, {
      wakeRunId: run.id,
      items: [
        {
          tool: "propose_checklist_items",
          args: { items: Array.from({ length: items }, (_, k) => `Step ${k + 1}`) },
          summary: `Add ${items} checklist items`,
          decidedAt,
          decision: { verdict: leo || items <= 5 ? "confirmed" : "rejected", decidedById: leo ? members.member!.id : owner.id, decidedAt },
        },
      ],
    });
  }
  return { workspace, owner, members, scope, template };
}

describe("decision model", () => {
  it("a member refits it from the template's decisions: the checklist limit people hold to, with counts, and the reviewer who differs", async () => {
    const { workspace, members, template } = await seedTemplate();
    actAs(members.viewer);
    expect(await refitDecisionModelAction({ workspaceSlug: workspace.slug, templateId: template.id })).toMatchObject({ ok: false, error: { status: 403 } });
    actAs(members.member);
    const result = await refitDecisionModelAction({ workspaceSlug: workspace.slug, templateId: template.id });
    expect(result).toMatchObject({ ok: true, data: { decisions: 60, ratings: 60 } });

    const fit = await latestDecisionModel({ workspaceId: workspace.id, templateId: template.id });
    const items = fit!.model.signals.find((s) => s.property === "checklist.items");
    expect(items).toMatchObject({ kind: "checklist", test: "atMost", threshold: 5 });
    expect(items!.accepted.total + items!.other.total).toBe(60);
    expect(fit!.model.ratingSignals.map((s) => s.property)).toContain("report.sentences");

    const view = await getWhatPeopleAccept({ workspaceId: workspace.id, templateId: template.id });
    const line = view!.decisionLines.find((l) => l.key === "checklist:checklist.items")!;
    expect(line.line).toMatch(/^Checklists of at most 5 items: 35 of 35 confirmed \(100%, 95% CI \d+%–100%\); of 6 or more items: \d+ of 25 confirmed/);
    // Leo confirms long checklists too: the card shows the split per reviewer.
    expect(line.reviewers.map((r) => r.name).sort()).toHaveLength(2);
  });

  it("an id of another workspace's template, or a missing one, is 404 and writes nothing", async () => {
    const { template } = await seedTemplate();
    const other = await makeWorkspace({ roles: ["member"] });
    actAs(other.members.member);
    expect(await refitDecisionModelAction({ workspaceSlug: other.workspace.slug, templateId: template.id })).toMatchObject({ ok: false, error: { status: 404 } });
    expect(await refitDecisionModelAction({ workspaceSlug: other.workspace.slug, templateId: "c".repeat(25) })).toMatchObject({ ok: false, error: { status: 404 } });
    expect(await db.decisionModelFit.count({ where: { templateId: template.id } })).toBe(0);
  });

  it("the improver's context carries the signals as lines and as data", async () => {
    const { workspace, members, template } = await seedTemplate();
    actAs(members.member);
    await refitDecisionModelAction({ workspaceSlug: workspace.slug, templateId: template.id });
    const data = await loadImproverContextData({ workspaceId: workspace.id, templateId: template.id, origin: "interactive", sinceCounter: 0, feedback: null, lastSessionAt: null });
    const ctx = assembleImproverContext(data);
    const section = ctx.sections.find((s) => s.key === "signals")!;
    expect(section.text).toMatch(/Checklists of at most 5 items: 35 of 35 confirmed/);
    expect(section.tokens).toBeLessThanOrEqual(section.budget);
    expect(ctx.facts.signals).toEqual(expect.arrayContaining([expect.objectContaining({ about: "checklist", property: "checklist.items", test: "atMost", threshold: 5 })]));
    expect(ctx.facts.acceptanceByKind).toEqual(expect.arrayContaining([{ about: "checklist", confirmed: expect.any(Number), total: 60 }]));
  });
});
