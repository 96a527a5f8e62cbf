import "server-only";
import { db } from "@/server/db";
import { notFound } from "@/server/errors";
import type { Scope } from "@/server/scope";

/** A person's 0–1 rating of a run (re-rating replaces it). */
export async function rateRun({ scope, runId, rating }: { scope: Scope; runId: string; rating: number }) {
  const res = await db.wakeRun.updateMany({
    where: { id: runId, workspaceId: scope.workspaceId, status: { not: "running" } },
    data: { userRating: rating, ratedAt: new Date(), ratedById: scope.actorUserId },
  });
  if (res.count !== 1) throw notFound("Run not found (or still running).");
  return { runId, rating };
}
