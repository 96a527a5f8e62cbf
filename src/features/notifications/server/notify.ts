import "server-only";
import { env } from "@/env";
import { atLeast, roles } from "@/features/workspaces/permissions";
import { db } from "@/server/db";
import { badRequest, notFound } from "@/server/errors";
import { errorFields, logger } from "@/server/logger";
import { sendEmail } from "@/server/mailer";
import type { NotificationKind } from "../schemas";
import { signNotificationLink } from "./signing";

export type NotifyInput = {
  workspaceId: string;
  kind: NotificationKind;
  title: string; // "Support Triage Agent: ritual proposal ready for review"
  body: string; // one or two sentences
  /** Path inside the app, e.g. `/w/demo/rituals/<sessionId>` — validated: must start with `/w/<slug>/`. */
  link: string;
  /** Same key → never notified twice (restart-safe): unique (userId, dedupeKey). */
  dedupeKey: string;
  /** What it asks people to decide (`sessionSubject(id)`…): the decision resolves it (`resolveNotifications`). */
  subject?: string | null;
  email?: { subject: string; intro: string; cta: string } | null; // null/undefined → in-app only
};

/** Those who can decide on a ritual's proposal: member and above (viewers are never notified). */
const NOTIFIED_ROLES = roles.filter((r) => atLeast(r, "member"));

/**
 * Notifies every member (role ≥ member) of the workspace: one in-app notification each, and an
 * email to those who keep `emailNotifications` on.
 *
 * Safe to call again with the same `dedupeKey` (a retried job, a restarted ritual, concurrent
 * calls): the unique (userId, dedupeKey) index makes the insert a no-op, and each notification's
 * email is claimed with a conditional update of `emailedAt`, so it is sent at most once. A failed
 * send releases the claim (a later call retries it); a crash between claim and send loses that one
 * email — the in-app notification still exists.
 */
export async function notifyMembers(input: NotifyInput): Promise<{ created: number; emailed: number }> {
  const workspace = await db.workspace.findUnique({
    where: { id: input.workspaceId },
    select: { id: true, slug: true, name: true },
  });
  if (!workspace) throw notFound("Workspace not found.");
  assertAppLink(input.link, workspace.slug);
  if (!input.dedupeKey.trim()) throw badRequest("A notification needs a dedupe key.");

  const recipients = await db.membership.findMany({
    where: { workspaceId: workspace.id, role: { in: NOTIFIED_ROLES } },
    select: { userId: true, emailNotifications: true, user: { select: { email: true } } },
  });
  if (recipients.length === 0) return { created: 0, emailed: 0 };

  const { count: created } = await db.notification.createMany({
    data: recipients.map((r) => ({
      workspaceId: workspace.id,
      userId: r.userId,
      kind: input.kind,
      title: input.title,
      body: input.body,
      link: input.link,
      dedupeKey: input.dedupeKey,
      subject: input.subject ?? null,
    })),
    skipDuplicates: true,
  });

  if (!input.email) return { created, emailed: 0 };
  const emailTo = new Map(recipients.filter((r) => r.emailNotifications).map((r) => [r.userId, r.user.email]));
  if (emailTo.size === 0) return { created, emailed: 0 };

  // Not only the rows created just now: an earlier call's failed send is retried here.
  const pending = await db.notification.findMany({
    where: { workspaceId: workspace.id, dedupeKey: input.dedupeKey, userId: { in: [...emailTo.keys()] }, emailedAt: null, readAt: null, resolvedAt: null },
    select: { id: true, userId: true },
  });
  let emailed = 0;
  for (const n of pending) {
    const to = emailTo.get(n.userId);
    if (to && (await emailOnce({ notificationId: n.id, userId: n.userId, to, input, email: input.email, workspace }))) emailed++;
  }
  return { created, emailed };
}

async function emailOnce(args: {
  notificationId: string;
  userId: string;
  to: string;
  input: NotifyInput;
  email: NonNullable<NotifyInput["email"]>;
  workspace: { slug: string; name: string };
}): Promise<boolean> {
  const { notificationId, userId, to, input, email, workspace } = args;
  const claimedAt = new Date();
  const claim = await db.notification.updateMany({
    where: { id: notificationId, emailedAt: null },
    data: { emailedAt: claimedAt },
  });
  if (claim.count !== 1) return false; // another call owns this email

  const url = new URL(input.link, env.APP_URL);
  url.searchParams.set("n", notificationId);
  url.searchParams.set("sig", signNotificationLink(notificationId, userId));
  const paragraphs = [email.intro, input.body].filter((p, i, all) => p.trim() && all.indexOf(p) === i);
  try {
    await sendEmail({
      to,
      subject: email.subject,
      kind: input.kind,
      content: {
        heading: input.title,
        paragraphs,
        action: { label: email.cta, url: url.toString() },
        footer: `You get this email as a member of ${workspace.name}. Turn it off in the workspace's notification settings: ${new URL(`/w/${workspace.slug}/settings/notifications`, env.APP_URL).toString()}`,
      },
    });
    return true;
  } catch (e) {
    logger.error("notification email not sent; released for a retry", { notificationId, kind: input.kind, ...errorFields(e) });
    // Release only our own claim (same timestamp), so a later call sends it again.
    await db.notification
      .updateMany({ where: { id: notificationId, emailedAt: claimedAt }, data: { emailedAt: null } })
      .catch((releaseError: unknown) => logger.error("notification email claim not released", { notificationId, ...errorFields(releaseError) }));
    return false;
  }
}

/** A path inside this workspace, never an external or protocol-relative URL. */
function assertAppLink(link: string, slug: string): void {
  const prefix = `/w/${slug}/`;
  const ok =
    link.length <= 500 &&
    link.startsWith(prefix) &&
    !/[\s\\]/.test(link) &&
    !link.includes("//") &&
    (() => {
      const base = new URL(env.APP_URL);
      const url = new URL(link, base);
      return url.origin === base.origin && url.pathname.startsWith(prefix);
    })();
  if (!ok) throw badRequest(`A notification link must be a path under ${prefix}.`);
}
