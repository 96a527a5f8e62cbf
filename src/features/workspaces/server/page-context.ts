import "server-only";
import { notFound, redirect } from "next/navigation";
import { cache } from "react";
import { cappedCount, COUNT_CAP, type CappedCount } from "@/lib/capped-count";
import { db } from "@/server/db";
import { getSessionUser, type SessionUser } from "@/server/session";
import type { Role } from "../permissions";
import type { WorkspaceContext } from "./workspace-context";

/** What the workspace's shell shows around every page: the switcher's list and the two badges. */
export type PageShell = {
  /** The user's workspaces by name, with their role (as `listMyWorkspaces`). */
  workspaces: { id: string; slug: string; name: string; role: Role }[];
  /** Proposals waiting for a decision (as `countPendingDecisions`). */
  pendingDecisions: CappedCount;
  /** The user's unread, unresolved notifications of this workspace (as `countOpenNotifications`). */
  openNotifications: number;
};

type Row = WorkspaceContext["workspace"] & { membershipId: string; role: Role; pending: number; openNotifications: number; workspaces: PageShell["workspaces"] };

/**
 * The membership of the workspace in the URL and the shell's figures in one statement: a page view
 * reads them on every page, and four statements cost a view more than one (bench README,
 * "the shell in one statement"). Null when the user is not a member (or there is no such workspace).
 */
export async function readPageWorkspace(user: SessionUser, slug: string): Promise<{ ctx: WorkspaceContext; shell: PageShell } | null> {
  const [row] = await db.$queryRaw<Row[]>`
    SELECT m."id" AS "membershipId", m."role"::text AS "role", w."id", w."slug", w."name", w."dataVersion",
      (SELECT count(*)::int FROM (
        SELECT 1 FROM "ChangeItem" c WHERE c."workspaceId" = w."id" AND c."status" = 'pending' LIMIT ${COUNT_CAP + 1}
      ) pending) AS "pending",
      (SELECT count(*)::int FROM "Notification" n
        WHERE n."userId" = m."userId" AND n."workspaceId" = w."id" AND n."readAt" IS NULL AND n."resolvedAt" IS NULL) AS "openNotifications",
      (SELECT json_agg(json_build_object('id', w2."id", 'slug', w2."slug", 'name', w2."name", 'role', m2."role"::text) ORDER BY w2."name", w2."id")
        FROM "Membership" m2 JOIN "Workspace" w2 ON w2."id" = m2."workspaceId" WHERE m2."userId" = m."userId") AS "workspaces"
    FROM "Membership" m JOIN "Workspace" w ON w."id" = m."workspaceId"
    WHERE m."userId" = ${user.id} AND w."slug" = ${slug}
    LIMIT 1`;
  if (!row) return null;
  const { membershipId, role, pending, openNotifications, workspaces, ...workspace } = row;
  return {
    ctx: { user, workspace, membership: { id: membershipId, role } },
    shell: { workspaces, pendingDecisions: cappedCount(pending), openNotifications },
  };
}

const pageWorkspace = cache(async (slug: string) => {
  const user = await getSessionUser();
  if (!user) redirect(`/sign-in?callbackUrl=${encodeURIComponent(`/w/${slug}`)}`);
  return (await readPageWorkspace(user, slug)) ?? notFound();
});

/**
 * For pages and layouts under /w/[slug]: signed-out users go to sign-in, non-members get a 404.
 * Cached per request, so the layout and the page share one lookup.
 */
export async function getPageWorkspaceContext(slug: string): Promise<WorkspaceContext> {
  return (await pageWorkspace(slug)).ctx;
}

/** The shell's list and badges, read with the page's workspace context (same statement, same request cache). */
export async function getPageShell(slug: string): Promise<PageShell> {
  return (await pageWorkspace(slug)).shell;
}
