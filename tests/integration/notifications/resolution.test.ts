import { describe, expect, it } from "vitest";
import { decideChangeItemsAction } from "@/features/decisions/actions/decide-change-items";
import { markViewedNotificationsReadAction } from "@/features/notifications/actions/mark-viewed-notifications-read";
import { changeItemSubject } from "@/features/notifications/server/resolve";
import { countOpenNotifications, listNotifications } from "@/features/notifications/server/queries";
import { signNotificationLink } from "@/features/notifications/server/signing";
import { approveProposalAction } from "@/features/one-on-one/actions/approve-proposal";
import { rejectProposalAction } from "@/features/one-on-one/actions/reject-proposal";
import { advanceRitual, beginRitual, notifyRitual, reviewPath } from "@/features/rituals/server";
import { expireRitual } from "@/features/rituals/server/expire-ritual";
import { resumeAfterDecision } from "@/features/rituals/server/resume-after-decision";
import { db } from "@/server/db";
import { makeAgent, makeChangeSet, makeNotification, makeTemplate, makeWorkspace } from "../../factories";
import { actAs } from "../../support/session";
import { classifier, ritualFixture, scriptedImprover } from "../rituals/jobs-fixture";

// A notification that asked for a decision says how it was settled once it is, and the bell
// counts only the open ones: unread and unresolved.

async function awaitingReview() {
  const f = await ritualFixture();
  const improver = scriptedImprover();
  const { sessionId } = await beginRitual({ workspaceId: f.workspace.id, improverAgentId: f.improver.id });
  expect(await advanceRitual(sessionId!, { improver, classifier, notify: notifyRitual })).toEqual({ status: "awaiting_review" });
  const proposal = await db.proposal.findFirstOrThrow({ where: { sessionId: sessionId!, status: "pending" } });
  return { f, sessionId: sessionId!, proposal, improver, link: reviewPath(f.workspace.slug, sessionId!) };
}

const reviewsOf = (sessionId: string) => db.notification.findMany({ where: { kind: "ritual_review", subject: `session:${sessionId}` }, orderBy: { userId: "asc" } });

describe("notifications resolve themselves", () => {
  it("approving a ritual's proposal resolves every recipient's review notification in the same write, with who and when", async () => {
    const { f, sessionId, proposal } = await awaitingReview();
    const before = await reviewsOf(sessionId);
    expect(before).toHaveLength(2); // owner and member, never the viewer
    expect(await countOpenNotifications(f.member.id, f.workspace.id)).toBe(1);

    actAs(f.member);
    expect(await approveProposalAction({ workspaceSlug: f.workspace.slug, proposalId: proposal.id, rating: 0.8 })).toMatchObject({ ok: true });
    const decided = await db.proposal.findUniqueOrThrow({ where: { id: proposal.id } });
    for (const n of await reviewsOf(sessionId)) {
      expect(n).toMatchObject({ resolution: "approved", resolvedById: f.member.id, readAt: null });
      // Stamped by the approval's own transaction (Postgres's now() is the transaction's start).
      expect(Math.abs(n.resolvedAt!.getTime() - decided.decidedAt!.getTime())).toBeLessThan(60_000);
    }
    // The bell counts open notifications only: resolved-but-unread is not open.
    expect(await countOpenNotifications(f.member.id, f.workspace.id)).toBe(0);
    expect(await countOpenNotifications(f.owner.id, f.workspace.id)).toBe(0);
    const [listed] = await listNotifications({ userId: f.owner.id, workspaceId: f.workspace.id });
    expect(listed).toMatchObject({ kind: "ritual_review", resolution: "approved", resolvedBy: { name: f.member.name } });
  });

  it("rejecting resolves this round's review as rejected; the revision notifies anew and is open", async () => {
    const { f, sessionId, proposal, improver } = await awaitingReview();
    actAs(f.owner);
    expect(await rejectProposalAction({ workspaceSlug: f.workspace.slug, proposalId: proposal.id, reason: "Too vague about what a step is" })).toMatchObject({ ok: true });
    expect((await reviewsOf(sessionId)).map((n) => [n.resolution, n.resolvedById])).toEqual([["rejected", f.owner.id], ["rejected", f.owner.id]]);

    expect(await resumeAfterDecision(sessionId)).toEqual({ status: "proposing" });
    expect(await advanceRitual(sessionId, { improver, classifier, notify: notifyRitual })).toEqual({ status: "awaiting_review" });
    const rounds = await reviewsOf(sessionId);
    expect(rounds).toHaveLength(4);
    expect(rounds.filter((n) => n.resolvedAt === null)).toHaveLength(2);
    expect(await countOpenNotifications(f.member.id, f.workspace.id)).toBe(1);
  });

  it("an expired ritual's review reads expired, by nobody; a refused decision resolves nothing", async () => {
    const { f, sessionId, proposal } = await awaitingReview();
    actAs(f.viewer);
    expect(await approveProposalAction({ workspaceSlug: f.workspace.slug, proposalId: proposal.id, rating: 0.8 })).toMatchObject({ ok: false, error: { status: 403 } });
    expect((await reviewsOf(sessionId)).every((n) => n.resolvedAt === null)).toBe(true);

    const session = await db.evolutionSession.findUniqueOrThrow({ where: { id: sessionId } });
    const late = new Date(session.decisionDueAt!.getTime() + 1_000);
    expect(await expireRitual(sessionId, late)).toEqual({ status: "abandoned", expired: true });
    for (const n of await reviewsOf(sessionId)) expect(n).toMatchObject({ resolution: "expired", resolvedById: null, resolvedAt: late });
    // Approving afterwards is refused and leaves the resolution as it was.
    actAs(f.member);
    expect((await approveProposalAction({ workspaceSlug: f.workspace.slug, proposalId: proposal.id, rating: 0.8 })).ok).toBe(false);
    expect((await reviewsOf(sessionId)).every((n) => n.resolution === "expired")).toBe(true);
  });

  it("deciding an agent's proposal resolves a notification that asked for it, in this workspace only", async () => {
    const ws = await makeWorkspace({ roles: ["member"] });
    const other = await makeWorkspace();
    const t = await makeTemplate(ws.scope);
    const agent = await makeAgent(ws.scope, t.id);
    const { items } = await makeChangeSet(ws.scope, agent.id, [
      { tool: "propose_estimate", args: { minutes: 30 }, summary: "30 min" },
      { tool: "propose_estimate", args: { minutes: 60 }, summary: "60 min" },
    ]);
    const asks = await Promise.all(items.map((i) => makeNotification(ws.workspace, ws.members.member.id, { kind: "ritual_review", subject: changeItemSubject(i.id) })));
    const foreign = await makeNotification(other.workspace, other.owner.id, { subject: changeItemSubject(items[0].id) });

    actAs(ws.members.member);
    await decideChangeItemsAction({ workspaceSlug: ws.workspace.slug, itemIds: [items[1].id], verdict: "deferred" });
    expect((await db.notification.findUniqueOrThrow({ where: { id: asks[1].id } })).resolvedAt).toBeNull(); // deferring settles nothing
    await decideChangeItemsAction({ workspaceSlug: ws.workspace.slug, itemIds: [items[0].id], verdict: "rejected", reason: "Half an hour is too little" });
    expect(await db.notification.findUniqueOrThrow({ where: { id: asks[0].id } })).toMatchObject({ resolution: "rejected", resolvedById: ws.members.member.id });
    expect((await db.notification.findUniqueOrThrow({ where: { id: foreign.id } })).resolvedAt).toBeNull();
  });
});

describe("viewing the review page marks its notifications read by a POST after render", () => {
  it("marks the caller's notifications for the page and the email's signed one; nobody else's; bad input is a 400", async () => {
    const { f, sessionId, link } = await awaitingReview();
    const [ownerRow, memberRow] = await Promise.all([
      db.notification.findFirstOrThrow({ where: { userId: f.owner.id, subject: `session:${sessionId}` } }),
      db.notification.findFirstOrThrow({ where: { userId: f.member.id, subject: `session:${sessionId}` } }),
    ]);
    const emailed = await makeNotification(f.workspace, f.member.id, { link: `/w/${f.workspace.slug}/elsewhere` });

    actAs(f.member);
    const res = await markViewedNotificationsReadAction({ workspaceSlug: f.workspace.slug, link, n: emailed.id, sig: signNotificationLink(emailed.id, f.member.id) });
    expect(res).toEqual({ ok: true, data: { count: 2 } });
    expect((await db.notification.findUniqueOrThrow({ where: { id: memberRow.id } })).readAt).toBeInstanceOf(Date);
    expect((await db.notification.findUniqueOrThrow({ where: { id: emailed.id } })).readAt).toBeInstanceOf(Date);
    expect((await db.notification.findUniqueOrThrow({ where: { id: ownerRow.id } })).readAt).toBeNull();

    // Someone else's signed id, or a forged signature, marks nothing.
    expect(await markViewedNotificationsReadAction({ workspaceSlug: f.workspace.slug, link, n: ownerRow.id, sig: signNotificationLink(ownerRow.id, f.member.id) })).toEqual({ ok: true, data: { count: 0 } });
    expect((await db.notification.findUniqueOrThrow({ where: { id: ownerRow.id } })).readAt).toBeNull();

    expect(await markViewedNotificationsReadAction({ workspaceSlug: f.workspace.slug, link: "https://evil.example/w/x" })).toMatchObject({ ok: false, error: { status: 400 } });
    expect(await markViewedNotificationsReadAction({ workspaceSlug: f.workspace.slug, link: `/w/${"x".repeat(600)}` })).toMatchObject({ ok: false, error: { status: 400, fieldErrors: { link: ["A link is at most 500 characters."] } } });
    actAs(null);
    expect(await markViewedNotificationsReadAction({ workspaceSlug: f.workspace.slug, link })).toMatchObject({ ok: false, error: { status: 401 } });
  });
});
