import { randomBytes } from "node:crypto";
import { createTemplateWithImprover } from "@/features/rituals/server";
import { db } from "@/server/db";
import type { Scope } from "@/server/scope";
import type { Calendar } from "./calendar";
import type { Team } from "./personas/load";
import { labTemplate } from "./template";
import { shiftSince } from "./time-shift";

// The lab's own workspace: a new one per run (slug lab-<seed>-<random>), its people — the owner
// and one member per reviewer, as users of their own (addresses under .invalid, never mailed) —
// and the template, created through the rituals slice as the app creates one (so it gets its
// improver). Nothing outside this workspace is read or written, apart from the new users.

export type LabWorkspace = {
  workspaceId: string;
  slug: string;
  templateId: string;
  improverId: string;
  owner: Scope;
  reviewers: Map<string, Scope>;
  initialDirectives: string;
};

const slugPart = (s: string) => s.toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "").slice(0, 24) || "x";

export async function setUpLab(team: Team, seed: number, calendar: Calendar): Promise<LabWorkspace> {
  const mark = new Date();
  const run = randomBytes(4).toString("hex");
  const person = (name: string) => db.user.create({ data: { name, email: `${slugPart(name)}.${run}@lab.agent-coach.invalid` }, select: { id: true } });
  const owner = await person(team.owner.name);
  const slug = `lab-${seed}-${run}`;
  const workspace = await db.workspace.create({ data: { slug, name: `Lab: ${team.team}`.slice(0, 80), memberships: { create: { userId: owner.id, role: "owner" } } }, select: { id: true } });
  const reviewers = new Map<string, Scope>();
  for (const r of team.reviewers) {
    const user = await person(r.name);
    await db.membership.create({ data: { workspaceId: workspace.id, userId: user.id, role: "member" } });
    reviewers.set(r.name, { workspaceId: workspace.id, actorUserId: user.id });
  }
  const ownerScope: Scope = { workspaceId: workspace.id, actorUserId: owner.id };
  const spec = labTemplate(team);
  const template = await createTemplateWithImprover({ scope: ownerScope, name: spec.name, description: "Simulated by npm run lab", directives: spec.directives, refineConfig: spec.refineConfig });
  const improver = await db.agent.findFirstOrThrow({ where: { workspaceId: workspace.id, targetTemplateId: template.id, kind: "templateImprover" }, select: { id: true } });
  // The lab starts each ritual itself; parked, the improver is never due for an app's hourly check.
  await db.agent.update({ where: { id: improver.id }, data: { lifecycle: "dormant" } });
  await shiftSince(workspace.id, mark, calendar.setupAt);
  return { workspaceId: workspace.id, slug, templateId: template.id, improverId: improver.id, owner: ownerScope, reviewers, initialDirectives: spec.directives };
}
