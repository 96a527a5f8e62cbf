import { describe, expect, it, vi } from "vitest";
import { env } from "@/env";
import { markAllNotificationsReadAction } from "@/features/notifications/actions/mark-all-notifications-read";
import { markNotificationsReadAction } from "@/features/notifications/actions/mark-notifications-read";
import { setEmailNotificationsAction } from "@/features/notifications/actions/set-email-notifications";
import { markReadByLink, markReadFromLink } from "@/features/notifications/server/mark-read";
import { notifyMembers, type NotifyInput } from "@/features/notifications/server/notify";
import { countOpenNotifications, listNotifications } from "@/features/notifications/server/queries";
import { signNotificationLink, verifyNotificationSignature } from "@/features/notifications/server/signing";
import { db } from "@/server/db";
import { actionFromText } from "@/server/email-layout";
import { sendEmail } from "@/server/mailer";
import { addMember, makeNotification, makeWorkspace, membershipOf, uid } from "../../factories";
import { actAs } from "../../support/session";

// The real mailer (no SMTP_URL in tests: every email is a `captured` EmailMessage row), wrapped so
// one test can make a send fail.
vi.mock("@/server/mailer", async (importOriginal) => {
  const actual = await importOriginal<typeof import("@/server/mailer")>();
  return { ...actual, sendEmail: vi.fn(actual.sendEmail) };
});

type Ws = Awaited<ReturnType<typeof makeWorkspace>>;

function reviewInput(ws: Ws, overrides: Partial<NotifyInput> = {}): NotifyInput {
  const sessionId = `session-${uid()}`;
  return {
    workspaceId: ws.workspace.id,
    kind: "ritual_review",
    title: "Support Triage Agent: ritual proposal ready for review",
    body: "The weekly ritual drafted 2 changes to the template's directives.",
    link: `/w/${ws.workspace.slug}/rituals/${sessionId}`,
    dedupeKey: `ritual:${sessionId}:review`,
    email: { subject: "Ritual proposal ready for review", intro: "This week's ritual has a proposal for you.", cta: "Review the proposal" },
    ...overrides,
  };
}

const emailsTo = (to: string, kind = "ritual_review") => db.emailMessage.findMany({ where: { to, kind } });

describe("notifyMembers", () => {
  it("notifies owner, admin and member once each, never a viewer, and emails each once", async () => {
    const ws = await makeWorkspace({ roles: ["admin", "member", "viewer"] });
    const input = reviewInput(ws);
    expect(await notifyMembers(input)).toEqual({ created: 3, emailed: 3 });

    const rows = await db.notification.findMany({ where: { workspaceId: ws.workspace.id } });
    expect(rows.map((r) => r.userId).sort()).toEqual([ws.owner.id, ws.members.admin.id, ws.members.member.id].sort());
    expect(rows.every((r) => r.emailedAt && !r.readAt && r.link === input.link && r.kind === "ritual_review")).toBe(true);
    for (const user of [ws.owner, ws.members.admin, ws.members.member]) expect(await emailsTo(user.email)).toHaveLength(1);
    expect(await emailsTo(ws.members.viewer.email)).toHaveLength(0);
    expect(await countOpenNotifications(ws.members.viewer.id, ws.workspace.id)).toBe(0);
  });

  it("creates and sends nothing new when called again with the same dedupe key", async () => {
    const ws = await makeWorkspace({ roles: ["member"] });
    const input = reviewInput(ws);
    await notifyMembers(input);
    expect(await notifyMembers(input)).toEqual({ created: 0, emailed: 0 });
    expect(await notifyMembers({ ...input, title: "changed" })).toEqual({ created: 0, emailed: 0 });
    expect(await db.notification.count({ where: { workspaceId: ws.workspace.id } })).toBe(2);
    for (const user of [ws.owner, ws.members.member]) expect(await emailsTo(user.email)).toHaveLength(1);

    // A new key (the reminder) is a new notification.
    const reminder = await notifyMembers({ ...input, kind: "ritual_reminder", dedupeKey: `${input.dedupeKey}:reminder-1` });
    expect(reminder).toEqual({ created: 2, emailed: 2 });
    expect(await emailsTo(ws.owner.email, "ritual_reminder")).toHaveLength(1);
  });

  it("gives a member who turned email off the in-app notification only", async () => {
    const ws = await makeWorkspace({ roles: ["member"] });
    await db.membership.update({ where: { workspaceId_userId: { workspaceId: ws.workspace.id, userId: ws.members.member.id } }, data: { emailNotifications: false } });
    expect(await notifyMembers(reviewInput(ws))).toEqual({ created: 2, emailed: 1 });
    expect(await countOpenNotifications(ws.members.member.id, ws.workspace.id)).toBe(1);
    expect(await emailsTo(ws.members.member.email)).toHaveLength(0);
    expect(await emailsTo(ws.owner.email)).toHaveLength(1);
  });

  it("sends no email when none is asked for (in-app only)", async () => {
    const ws = await makeWorkspace();
    expect(await notifyMembers(reviewInput(ws, { kind: "ritual_outcome", email: null }))).toEqual({ created: 1, emailed: 0 });
    expect(await db.emailMessage.count({ where: { to: ws.owner.email } })).toBe(0);
  });

  it("under concurrent calls still makes one notification and one email per recipient", async () => {
    const ws = await makeWorkspace({ roles: ["admin", "member", "viewer"] });
    const input = reviewInput(ws);
    const results = await Promise.all([notifyMembers(input), notifyMembers(input), notifyMembers(input)]);
    expect(results.reduce((n, r) => n + r.created, 0)).toBe(3);
    expect(results.reduce((n, r) => n + r.emailed, 0)).toBe(3);
    expect(await db.notification.count({ where: { workspaceId: ws.workspace.id } })).toBe(3);
    for (const user of [ws.owner, ws.members.admin, ws.members.member]) expect(await emailsTo(user.email)).toHaveLength(1);
  });

  it("releases the claim when a send fails, so the next call sends it", async () => {
    const ws = await makeWorkspace();
    const input = reviewInput(ws);
    vi.mocked(sendEmail).mockRejectedValueOnce(new Error("SMTP down"));
    expect(await notifyMembers(input)).toEqual({ created: 1, emailed: 0 });
    const row = await db.notification.findFirstOrThrow({ where: { userId: ws.owner.id, dedupeKey: input.dedupeKey } });
    expect(row.emailedAt).toBeNull();
    expect(await emailsTo(ws.owner.email)).toHaveLength(0);

    expect(await notifyMembers(input)).toEqual({ created: 0, emailed: 1 });
    expect(await emailsTo(ws.owner.email)).toHaveLength(1);
    expect(await notifyMembers(input)).toEqual({ created: 0, emailed: 0 });
  });

  it("refuses a link outside the workspace", async () => {
    const ws = await makeWorkspace();
    const other = await makeWorkspace();
    for (const link of [
      `/w/${other.workspace.slug}/rituals/x`,
      "https://evil.example/w/x/",
      `//evil.example/w/${ws.workspace.slug}/`,
      `/w/${ws.workspace.slug}/../../sign-in`,
      `/w/${ws.workspace.slug}`,
    ]) {
      await expect(notifyMembers(reviewInput(ws, { link }))).rejects.toMatchObject({ code: "BAD_REQUEST" });
    }
    expect(await db.notification.count({ where: { workspaceId: ws.workspace.id } })).toBe(0);
  });
});

describe("signed email links", () => {
  it("carry an absolute URL with n= and sig= that verifies only for the recipient", async () => {
    const ws = await makeWorkspace({ roles: ["member"] });
    const input = reviewInput(ws);
    await notifyMembers(input);
    const [mail] = await emailsTo(ws.members.member.email);
    const action = actionFromText(mail.text);
    expect(action?.label).toBe("Review the proposal");
    const url = new URL(action!.url);
    expect(`${url.origin}${url.pathname}`).toBe(new URL(input.link, env.APP_URL).toString());
    expect(mail.html).toContain(action!.url.replace(/&/g, "&amp;"));

    const n = url.searchParams.get("n")!;
    const sig = url.searchParams.get("sig")!;
    const notification = await db.notification.findUniqueOrThrow({ where: { id: n } });
    expect(notification.userId).toBe(ws.members.member.id);
    expect(verifyNotificationSignature(n, ws.members.member.id, sig)).toBe(true);
    expect(verifyNotificationSignature(n, ws.owner.id, sig)).toBe(false);
    expect(verifyNotificationSignature(n, ws.members.member.id, `${sig.slice(0, -2)}${sig.endsWith("AA") ? "BB" : "AA"}`)).toBe(false);
  });

  it("markReadFromLink marks only the owner's notification, and answers false to anything else", async () => {
    const ws = await makeWorkspace({ roles: ["member"] });
    await notifyMembers(reviewInput(ws));
    const mine = await db.notification.findFirstOrThrow({ where: { workspaceId: ws.workspace.id, userId: ws.members.member.id } });
    const owners = await db.notification.findFirstOrThrow({ where: { workspaceId: ws.workspace.id, userId: ws.owner.id } });
    const sig = signNotificationLink(mine.id, ws.members.member.id);

    // Someone else opening the member's link, or a forged/garbled signature: false, nothing read.
    expect(await markReadFromLink({ userId: ws.owner.id, notificationId: mine.id, sig })).toBe(false);
    expect(await markReadFromLink({ userId: ws.members.member.id, notificationId: mine.id, sig: "forged" })).toBe(false);
    expect(await markReadFromLink({ userId: ws.members.member.id, notificationId: owners.id, sig })).toBe(false);
    // A valid signature for a notification id that is not theirs (e.g. deleted): false.
    expect(await markReadFromLink({ userId: ws.members.member.id, notificationId: "missing", sig: signNotificationLink("missing", ws.members.member.id) })).toBe(false);
    expect((await db.notification.findUniqueOrThrow({ where: { id: mine.id } })).readAt).toBeNull();

    expect(await markReadFromLink({ userId: ws.members.member.id, notificationId: mine.id, sig })).toBe(true);
    const read = await db.notification.findUniqueOrThrow({ where: { id: mine.id } });
    expect(read.readAt).not.toBeNull();
    expect(await markReadFromLink({ userId: ws.members.member.id, notificationId: mine.id, sig })).toBe(true); // idempotent
    expect((await db.notification.findUniqueOrThrow({ where: { id: mine.id } })).readAt).toEqual(read.readAt);
    expect((await db.notification.findUniqueOrThrow({ where: { id: owners.id } })).readAt).toBeNull();
  });

  it("markReadByLink marks the user's unread notifications for that page, nobody else's", async () => {
    const ws = await makeWorkspace({ roles: ["member"] });
    const input = reviewInput(ws);
    await notifyMembers(input);
    await notifyMembers({ ...input, kind: "ritual_reminder", dedupeKey: `${input.dedupeKey}:reminder` });
    await notifyMembers(reviewInput(ws)); // another session's page

    expect(await markReadByLink({ userId: ws.members.member.id, workspaceId: ws.workspace.id, link: input.link })).toEqual({ count: 2 });
    expect(await countOpenNotifications(ws.members.member.id, ws.workspace.id)).toBe(1);
    expect(await countOpenNotifications(ws.owner.id, ws.workspace.id)).toBe(3);
  });
});

describe("notification actions", () => {
  async function notified() {
    const ws = await makeWorkspace({ roles: ["member", "viewer"] });
    await notifyMembers(reviewInput(ws, { email: null }));
    await notifyMembers(reviewInput(ws, { email: null }));
    const of = (userId: string) => db.notification.findMany({ where: { workspaceId: ws.workspace.id, userId }, orderBy: { createdAt: "asc" } });
    return { ws, of };
  }

  it("lists the caller's own notifications, newest first", async () => {
    const { ws } = await notified();
    const list = await listNotifications({ userId: ws.members.member.id, workspaceId: ws.workspace.id });
    expect(list).toHaveLength(2);
    expect(list[0].createdAt.getTime()).toBeGreaterThanOrEqual(list[1].createdAt.getTime());
    expect(await listNotifications({ userId: ws.members.member.id, workspaceId: ws.workspace.id, limit: 1 })).toHaveLength(1);
  });

  it("marks only the caller's own notifications: another member's ids are untouched", async () => {
    const { ws, of } = await notified();
    const ownerIds = (await of(ws.owner.id)).map((n) => n.id);
    const memberIds = (await of(ws.members.member.id)).map((n) => n.id);

    actAs(ws.members.member);
    expect(await markNotificationsReadAction({ workspaceSlug: ws.workspace.slug, ids: ownerIds })).toEqual({ ok: true, data: { count: 0 } });
    expect((await of(ws.owner.id)).every((n) => n.readAt === null)).toBe(true);

    expect(await markNotificationsReadAction({ workspaceSlug: ws.workspace.slug, ids: [memberIds[0], ...ownerIds] })).toEqual({ ok: true, data: { count: 1 } });
    expect(await countOpenNotifications(ws.members.member.id, ws.workspace.id)).toBe(1);
    expect(await markAllNotificationsReadAction({ workspaceSlug: ws.workspace.slug })).toEqual({ ok: true, data: { count: 1 } });
    expect(await countOpenNotifications(ws.members.member.id, ws.workspace.id)).toBe(0);
    expect(await countOpenNotifications(ws.owner.id, ws.workspace.id)).toBe(2);
  });

  it("scopes by workspace: the caller's notifications in another workspace are untouched", async () => {
    const a = await makeWorkspace();
    const b = await makeWorkspace();
    await addMember(b.workspace.id, "member", a.owner);
    await notifyMembers(reviewInput(b, { email: null }));
    const inB = await db.notification.findFirstOrThrow({ where: { workspaceId: b.workspace.id, userId: a.owner.id } });

    actAs(a.owner);
    expect(await markNotificationsReadAction({ workspaceSlug: a.workspace.slug, ids: [inB.id] })).toEqual({ ok: true, data: { count: 0 } });
    expect(await markAllNotificationsReadAction({ workspaceSlug: a.workspace.slug })).toEqual({ ok: true, data: { count: 0 } });
    expect(await countOpenNotifications(a.owner.id, b.workspace.id)).toBe(1);
  });

  it("lets viewers manage theirs", async () => {
    const { ws } = await notified();
    // Rituals never notify viewers, but any notification they hold is theirs to manage.
    const mine = await makeNotification(ws.workspace, ws.members.viewer.id);
    actAs(ws.members.viewer);
    expect(await markNotificationsReadAction({ workspaceSlug: ws.workspace.slug, ids: [mine.id] })).toEqual({ ok: true, data: { count: 1 } });
    expect(await markAllNotificationsReadAction({ workspaceSlug: ws.workspace.slug })).toEqual({ ok: true, data: { count: 0 } });
    expect(await setEmailNotificationsAction({ workspaceSlug: ws.workspace.slug, enabled: false })).toEqual({ ok: true, data: { enabled: false } });
    expect((await membershipOf(ws.workspace.id, ws.members.viewer.id))?.emailNotifications).toBe(false);
  });

  it("sets only the caller's own email preference", async () => {
    const { ws } = await notified();
    actAs(ws.members.member);
    expect(await setEmailNotificationsAction({ workspaceSlug: ws.workspace.slug, enabled: false })).toEqual({ ok: true, data: { enabled: false } });
    expect((await membershipOf(ws.workspace.id, ws.members.member.id))?.emailNotifications).toBe(false);
    expect((await membershipOf(ws.workspace.id, ws.owner.id))?.emailNotifications).toBe(true);

    // Takes effect on the next notification.
    expect(await notifyMembers(reviewInput(ws))).toEqual({ created: 2, emailed: 1 });
    expect(await setEmailNotificationsAction({ workspaceSlug: ws.workspace.slug, enabled: true })).toEqual({ ok: true, data: { enabled: true } });
    expect((await membershipOf(ws.workspace.id, ws.members.member.id))?.emailNotifications).toBe(true);
  });

  it("answers 404 to outsiders and writes nothing", async () => {
    const { ws, of } = await notified();
    const outsider = await makeWorkspace();
    const ids = (await of(ws.owner.id)).map((n) => n.id);
    actAs(outsider.owner);
    expect(await markNotificationsReadAction({ workspaceSlug: ws.workspace.slug, ids })).toMatchObject({ ok: false, error: { status: 404 } });
    expect(await markAllNotificationsReadAction({ workspaceSlug: ws.workspace.slug })).toMatchObject({ ok: false, error: { status: 404 } });
    expect(await setEmailNotificationsAction({ workspaceSlug: ws.workspace.slug, enabled: false })).toMatchObject({ ok: false, error: { status: 404 } });
    expect(await countOpenNotifications(ws.owner.id, ws.workspace.id)).toBe(2);
    expect((await membershipOf(ws.workspace.id, ws.owner.id))?.emailNotifications).toBe(true);
  });

  it("answers 401 signed out and 400 for bad input", async () => {
    const { ws } = await notified();
    actAs(null);
    expect(await markAllNotificationsReadAction({ workspaceSlug: ws.workspace.slug })).toMatchObject({ ok: false, error: { status: 401 } });

    actAs(ws.members.member);
    const bad = [
      await markNotificationsReadAction({ workspaceSlug: ws.workspace.slug, ids: [] }),
      await markNotificationsReadAction({ workspaceSlug: ws.workspace.slug, ids: Array.from({ length: 101 }, (_, i) => `id-${i}`) }),
      await markNotificationsReadAction({ workspaceSlug: ws.workspace.slug, ids: [""] }),
      await markNotificationsReadAction({ workspaceSlug: ws.workspace.slug, ids: "all" as never }),
      await setEmailNotificationsAction({ workspaceSlug: ws.workspace.slug, enabled: "yes" as never }),
    ];
    for (const res of bad) expect(res).toMatchObject({ ok: false, error: { status: 400, code: "BAD_REQUEST" } });
    expect(await countOpenNotifications(ws.members.member.id, ws.workspace.id)).toBe(2);
  });
});
