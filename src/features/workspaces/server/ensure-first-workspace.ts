import "server-only";
import { randomBytes } from "node:crypto";
import { db } from "@/server/db";
import type { SessionUser } from "@/server/session";
import { slugify } from "./create-workspace";

/**
 * First sign-in creates a workspace: a user with no membership gets their own, as owner.
 * Idempotent under concurrency: an advisory lock per user serialises two first requests.
 * Returns the slug of the workspace to open, or null if the user already has memberships.
 */
export async function ensureFirstWorkspace(user: SessionUser): Promise<string | null> {
  return db.$transaction(async (tx) => {
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended(${`first-workspace:${user.id}`}, 0))`;
    const existing = await tx.membership.findFirst({ where: { userId: user.id }, select: { id: true } });
    if (existing) return null;
    const owner = user.name?.trim() || user.email.split("@")[0];
    const name = `${owner}'s workspace`;
    // Personal workspaces get a random suffix up front: inside one transaction a slug collision
    // cannot be retried.
    const slug = `${slugify(owner)}-${randomBytes(3).toString("hex")}`;
    const workspace = await tx.workspace.create({
      data: { name, slug, memberships: { create: { userId: user.id, role: "owner" } } },
      select: { slug: true },
    });
    return workspace.slug;
  });
}
