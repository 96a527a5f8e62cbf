import "server-only";
import { randomBytes } from "node:crypto";
import { db } from "@/server/db";
import { isUniqueViolation } from "@/server/errors";

export function slugify(name: string): string {
  const base = name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 40)
    .replace(/-+$/g, "");
  return base.length >= 2 ? base : `workspace${base ? `-${base}` : ""}`;
}

/**
 * Creates a workspace with `userId` as its owner (one nested write: Prisma runs it as a single
 * transaction). The slug comes from the name; on a collision a short random suffix is added —
 * the unique index decides, not a racy pre-check.
 */
export async function createWorkspace({ userId, name }: { userId: string; name: string }) {
  const base = slugify(name);
  for (let attempt = 0; ; attempt++) {
    const slug = attempt === 0 ? base : `${base}-${randomBytes(3).toString("hex")}`;
    try {
      return await db.workspace.create({
        data: { name, slug, memberships: { create: { userId, role: "owner" } } },
        select: { id: true, slug: true, name: true },
      });
    } catch (e) {
      if (!isUniqueViolation(e) || attempt >= 4) throw e;
    }
  }
}
