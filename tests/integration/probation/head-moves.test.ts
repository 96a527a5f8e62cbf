import { describe, expect, it } from "vitest";
import { getTemplateProbation } from "@/features/probation/server";
import { createTemplateWithImprover } from "@/features/rituals/server";
import { createTemplateVersion } from "@/features/templates/server";
import { setTemplateHead } from "@/features/templates/server/set-template-head";
import { db } from "@/server/db";
import { makeWorkspace, uid } from "../../factories";

// Every move of a template's head against its probation: promote a new version, a new version
// during a probation, undo (back to the baseline), re-promote (forward to a version that was the
// head before), restore an older version, and a new version with an earlier version's directives.
// The card (getTemplateProbation) always describes the current head.

const D1 = "Help people finish their tasks.";
const D2 = `${D1}\n- Name the risks.`;
const D3 = `${D2}\n- Keep checklists short.`;

async function setup() {
  const { workspace, scope } = await makeWorkspace();
  const template = await createTemplateWithImprover({ scope, name: `Head moves ${uid()}`, directives: D1, refineConfig: { gates: [], qualityThreshold: 0.9, maxIterations: 1, models: {} } });
  await db.agentTemplate.update({ where: { id: template.id }, data: { probationShare: 0.3 } });
  const head = async () => (await db.templateVersion.findFirstOrThrow({ where: { id: (await db.agentTemplate.findUniqueOrThrow({ where: { id: template.id } })).headVersionId! } })).number;
  const card = async () => {
    const p = await getTemplateProbation(workspace.id, template.id);
    return p && { status: p.status, version: p.version, baseline: p.baseline, note: p.outcomeNote };
  };
  const running = () => db.probation.count({ where: { templateId: template.id, status: { in: ["running", "harm_detected"] } } });
  const promote = (directives: string) => createTemplateVersion({ scope, templateId: template.id, directives, authoredBy: "user" });
  const moveTo = async (n: number) => {
    const v = await db.templateVersion.findFirstOrThrow({ where: { templateId: template.id, number: n } });
    return setTemplateHead({ scope, templateId: template.id, versionId: v.id });
  };
  return { templateId: template.id, head, card, running, promote, moveTo };
}

describe("the head's moves and its probation", () => {
  it("promote, a new version during probation, undo, re-promote, restore, a version restoring old directives: the card describes the head", async () => {
    const s = await setup();
    await s.promote(D2);
    expect([await s.head(), await s.card()]).toEqual([2, { status: "running", version: 2, baseline: 1, note: null }]);

    // A new version during the probation: the old one is superseded, the new head is measured against v2.
    await s.promote(D3);
    expect([await s.head(), await s.card(), await s.running()]).toEqual([3, { status: "running", version: 3, baseline: 2, note: null }, 1]);

    // Undo: back to the baseline; the card says it was rolled back — to the head it shows.
    await s.moveTo(2);
    expect([await s.head(), await s.card(), await s.running()]).toEqual([2, { status: "rolled_back", version: 3, baseline: 2, note: "Rolled back to the directives of v2." }, 0]);

    // Re-promote v3: it is measured again, against the version it replaces.
    await s.moveTo(3);
    expect([await s.head(), await s.card(), await s.running()]).toEqual([3, { status: "running", version: 3, baseline: 2, note: null }, 1]);

    // Restore v1 (not the baseline): v3's probation ends; no card about v3 while v1 is the head.
    await s.moveTo(1);
    expect([await s.head(), await s.card(), await s.running()]).toEqual([1, null, 0]);
    expect(await db.probation.count({ where: { status: "superseded", outcomeNote: { contains: "another version replaced v3" } } })).toBeGreaterThanOrEqual(1);

    // Forward again from v1 to v3: measured against v1.
    await s.moveTo(3);
    expect([await s.head(), await s.card()]).toEqual([3, { status: "running", version: 3, baseline: 1, note: null }]);

    // A new version with v1's directives: a rollback of v3's probation, and no experiment of its own.
    await s.promote(D1);
    expect([await s.head(), await s.card(), await s.running()]).toEqual([4, { status: "rolled_back", version: 3, baseline: 1, note: "Rolled back to the directives of v1." }, 0]);

    // Back to v3 from v4 is a move to an older version (a restore): no probation, and none of v3's
    // ended ones speaks for it (superseded, or rolled back to another version).
    await s.moveTo(3);
    expect([await s.head(), await s.card(), await s.running()]).toEqual([3, null, 0]);
  });

  it("probation off: a re-promoted version starts none, and no earlier probation's card speaks for it", async () => {
    const s = await setup();
    await s.promote(D2);
    await s.moveTo(1);
    await db.agentTemplate.update({ where: { id: s.templateId }, data: { probationShare: 0 } });
    await s.moveTo(2);
    expect([await s.head(), await s.card(), await s.running()]).toEqual([2, null, 0]);
  });
});
