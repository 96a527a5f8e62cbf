import "server-only";
import { db } from "@/server/db";

/** The settings page list: never the hash, only the prefix that tells keys apart. Active keys first. */
export async function listApiKeys(workspaceId: string) {
  const keys = await db.apiKey.findMany({
    where: { workspaceId },
    orderBy: { createdAt: "desc" },
    select: {
      id: true, name: true, prefix: true, scopes: true, createdAt: true, lastUsedAt: true, revokedAt: true,
      createdBy: { select: { name: true, email: true } },
    },
  });
  return [...keys.filter((k) => !k.revokedAt), ...keys.filter((k) => k.revokedAt)];
}

export type ApiKeyRow = Awaited<ReturnType<typeof listApiKeys>>[number];
