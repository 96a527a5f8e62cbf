import { createHash, randomBytes } from "node:crypto";
import type { APIRequestContext, Browser, BrowserContext } from "@playwright/test";
import { newApiKeySecret } from "@/features/api-keys/server/api-key-secret";
import {
  addMember,
  makeAgentRow,
  makeChangeSetRow,
  makeEvolutionSession,
  makeFeedbackItem,
  makeNotification,
  makeObservation,
  makePreferenceConflictRow,
  makeProposal,
  makeReport,
  makeRunRow,
  makeTaskRow,
  makeTemplateRow,
  makeWorkspace,
  uid,
  type FactoryDb,
} from "../../../factories";
import { signInByEmail } from "../auth";
import { APP_URL } from "../ports";

// The attack suite's world: workspace A (its owner, a member, a viewer, and a bystander member whom
// the role and removal actions target) with one of everything a route or action can name, and
// workspace B whose owner attacks A. Every name and text of A carries `stamp`, so an answer to B's
// owner or a signed-out caller that contains the stamp, A's slug or any of A's ids leaks A.

export type ApiKeyScope = "read" | "write";

/**
 * An API key row with its bearer secret. The api-key factory goes through the product's service,
 * which is server-only (it cannot load in Playwright); the secret's format comes from the same
 * pure module the service uses.
 */
export async function makeApiKeyRow(db: FactoryDb, workspaceId: string, scopes: ApiKeyScope[], fields: { revokedAt?: Date; createdById?: string } = {}) {
  const { secret, prefix, hash } = newApiKeySecret();
  const key = await db.apiKey.create({ data: { workspaceId, name: `Attack key ${uid()}`, prefix, hash, scopes, ...fields } });
  return { id: key.id, secret };
}

/** An invitation row with the token of its link (only the token's SHA-256 is stored, as the product does). */
async function makeInvitationRow(db: FactoryDb, workspaceId: string, email: string, invitedById: string) {
  const token = randomBytes(32).toString("base64url");
  const tokenHash = createHash("sha256").update(token).digest("hex");
  const invitation = await db.invitation.create({
    data: { workspaceId, email, role: "member", tokenHash, invitedById, expiresAt: new Date(Date.now() + 7 * 24 * 3_600_000) },
  });
  return { id: invitation.id, token };
}

async function seedWorkspaceA(db: FactoryDb, stamp: string) {
  const name = (what: string) => `Alpha ${what} ${stamp}`;
  const email = (who: string) => `alpha-${who}-${stamp}@example.test`;
  const { workspace, owner } = await makeWorkspace({ owner: { email: email("owner"), name: name("Owner") }, fields: { name: name("Corp") } }, db);
  const member = await addMember(workspace.id, "member", { email: email("member"), name: name("Member") }, db);
  const viewer = await addMember(workspace.id, "viewer", { email: email("viewer"), name: name("Viewer") }, db);
  const bystander = await addMember(workspace.id, "member", { email: email("bystander"), name: name("Bystander") }, db);
  const memberships = await db.membership.findMany({ where: { workspaceId: workspace.id } });
  const membershipOf = (userId: string) => memberships.find((m) => m.userId === userId)!.id;

  const { template, versions } = await makeTemplateRow(workspace.id, {
    name: name("Template"),
    description: name("template description"),
    versions: [{ directives: `${name("directives")} v1: triage tickets.` }, { directives: `${name("directives")} v2: triage tickets carefully.` }],
  }, db);
  const [v1, v2] = versions;
  // v2 on probation against v1 (what endProbationAction targets).
  const probation = await db.probation.create({ data: { workspaceId: workspace.id, templateId: template.id, versionId: v2.id, baselineVersionId: v1.id, share: 0.2, minDays: 7, minRuns: 30 } });
  const task = await makeTaskRow(workspace.id, { title: name("Task"), description: name("task description") }, db);
  const agent = await makeAgentRow(template, { displayName: name("Agent"), taskId: task.id, wakeCounter: 1 }, db);
  const run = await makeRunRow(agent, { templateVersionId: v2.id, reason: "creation", durationMs: 1200, finishedAt: new Date() }, db);
  await makeObservation(agent, { wakeRunId: run.id, text: `${name("observation")}: the estimate was wrong.` }, db);
  await makeReport(agent, { wakeRunId: run.id, markdown: `## ${name("report")}`, confidence: 0.7 }, db);
  // A written feedback item the classifier labelled (what the label corrections target).
  const feedbackItem = await makeFeedbackItem(agent, { detail: name("written feedback"), sentiment: "negative", category: "accuracy", classifiedBy: "model", confidence: 0.4 }, db);
  const { set: changeSet, items } = await makeChangeSetRow(agent, { taskId: task.id, wakeRunId: run.id, items: [{ summary: name("estimate") }] }, db);
  // Two of A's reviewers disagree on status proposals (what settlePreferenceConflictAction targets).
  const conflict = await makePreferenceConflictRow(template, [member.id, bystander.id], {}, db);

  // A one-on-one with a pending proposal, and a ritual awaiting review with its own.
  const session = await makeEvolutionSession(template, { startedById: owner.id }, db);
  const proposal = await makeProposal(session, { directives: `${name("proposal")}: ask for the order number.`, baseVersionId: v2.id }, db);
  const ritualSession = await makeEvolutionSession(template, { sessionNumber: 2, origin: "ritual", status: "awaiting_review" }, db);
  const ritualProposal = await makeProposal(ritualSession, { directives: `${name("ritual proposal")}: be brief.`, baseVersionId: v2.id }, db);

  // The chat route's own template and open session, which no matrix call touches.
  const { template: chatTemplate } = await makeTemplateRow(workspace.id, { name: name("Chat Template"), versions: [{ directives: `${name("chat directives")}: be kind.` }] }, db);
  const chatSession = await makeEvolutionSession(chatTemplate, { startedById: owner.id }, db);

  const notification = await makeNotification(workspace, member.id, { title: name("notification") }, db);
  const invitation = await makeInvitationRow(db, workspace.id, email("invitee"), owner.id);
  const readKey = await makeApiKeyRow(db, workspace.id, ["read"], { createdById: owner.id });
  const revokedKey = await makeApiKeyRow(db, workspace.id, ["read", "write"], { createdById: owner.id, revokedAt: new Date() });
  const spareKey = await makeApiKeyRow(db, workspace.id, ["read"], { createdById: owner.id }); // what revokeApiKey targets
  // What the webhook actions target; the URL is public-looking (never reached: the attack server has no DNS).
  const webhook = await db.webhookEndpoint.create({ data: { workspaceId: workspace.id, url: `https://hooks.example.com/${stamp}`, events: ["version.promoted"], secret: `whsec_${Buffer.from(`attack-secret-${stamp}`).toString("base64")}`, createdById: owner.id } });

  return {
    workspace, slug: workspace.slug, owner, member, viewer, bystander,
    bystanderMembershipId: membershipOf(bystander.id),
    membershipIds: memberships.map((m) => m.id),
    template, v1, v2, probation, task, agent, run, changeSet, changeItem: items[0], conflict, feedbackItem,
    session, proposal, ritualSession, ritualProposal, chatTemplate, chatSession,
    notification, invitation, readKey, revokedKey, spareKey, webhook,
  };
}

export type WorkspaceA = Awaited<ReturnType<typeof seedWorkspaceA>>;

async function seedWorkspaceB(db: FactoryDb) {
  const stamp = uid();
  const { workspace, owner } = await makeWorkspace({ owner: { email: `bravo-owner-${stamp}@example.test`, name: `Bravo Owner ${stamp}` }, fields: { name: `Bravo Corp ${stamp}` } }, db);
  const { template } = await makeTemplateRow(workspace.id, { name: `Bravo Template ${stamp}` }, db);
  const key = await makeApiKeyRow(db, workspace.id, ["read", "write"], { createdById: owner.id });
  return { workspace, slug: workspace.slug, owner, template, key };
}

/** Every id of A's rows and A's stamp: none of them may reach a caller outside A. */
function markersOf(a: WorkspaceA, stamp: string): string[] {
  const ids = [
    a.workspace.id, a.owner.id, a.member.id, a.viewer.id, a.bystander.id, ...a.membershipIds,
    a.template.id, a.v1.id, a.v2.id, a.probation.id, a.conflict.id, a.task.id, a.agent.id, a.run.id, a.changeSet.id, a.changeItem.id, a.feedbackItem.id,
    a.session.id, a.proposal.id, a.ritualSession.id, a.ritualProposal.id, a.chatTemplate.id, a.chatSession.id,
    a.notification.id, a.invitation.id, a.readKey.id, a.revokedKey.id, a.spareKey.id, a.webhook.id, a.webhook.secret,
  ];
  return [stamp, a.slug, ...ids];
}

export type CallerName = "signed-out" | "forged session cookie" | "viewer of A" | "member of A" | "owner of A" | "owner of B";

export type AttackWorld = Awaited<ReturnType<typeof createAttackWorld>>;

/** Seeds A and B and signs their people in (magic links, in parallel), each in a browser context of their own. */
export async function createAttackWorld(db: FactoryDb, browser: Browser) {
  const stamp = uid();
  const a = await seedWorkspaceA(db, stamp);
  const b = await seedWorkspaceB(db);
  const contexts: BrowserContext[] = [];
  const newContext = async () => {
    const context = await browser.newContext({ baseURL: APP_URL });
    contexts.push(context);
    return context;
  };
  const signedIn = async (email: string) => {
    const context = await newContext();
    const page = await context.newPage();
    await signInByEmail(page, email);
    await page.close();
    return context.request;
  };

  const signedOut = await newContext();
  const forged = await newContext();
  await forged.addCookies([{ name: "authjs.session-token", value: `forged-${uid()}`, url: APP_URL }]);
  const [viewer, member, ownerA, ownerB] = await Promise.all([a.viewer, a.member, a.owner, b.owner].map((u) => signedIn(u.email)));
  const callers: Record<CallerName, APIRequestContext> = {
    "signed-out": signedOut.request,
    "forged session cookie": forged.request,
    "viewer of A": viewer,
    "member of A": member,
    "owner of A": ownerA,
    "owner of B": ownerB,
  };

  return {
    stamp,
    a,
    b,
    markers: markersOf(a, stamp),
    callers,
    /** A fresh key of A (each route's bad-input run gets its own, far below the per-key rate limit). */
    newKeyOfA: async (scopes: ApiKeyScope[] = ["read", "write"]) => (await makeApiKeyRow(db, a.workspace.id, scopes, { createdById: a.owner.id })).secret,
    /** A signed-out context of its own (cookies of its own: an Auth.js CSRF token, say). */
    newSignedOutRequest: async () => (await newContext()).request,
    close: async () => {
      for (const context of contexts) await context.close();
    },
  };
}
