import "server-only";
import { notFound, redirect } from "next/navigation";
import { cache } from "react";
import { AppError } from "@/server/errors";
import { getSessionUser } from "@/server/session";
import { getWorkspaceContextOrThrow, type WorkspaceContext } from "./workspace-context";

/**
 * For pages and layouts under /w/[slug]: signed-out users go to sign-in, non-members get a 404.
 * Cached per request, so the layout and the page share one lookup.
 */
export const getPageWorkspaceContext = cache(async (slug: string): Promise<WorkspaceContext> => {
  const user = await getSessionUser();
  if (!user) redirect(`/sign-in?callbackUrl=${encodeURIComponent(`/w/${slug}`)}`);
  try {
    return await getWorkspaceContextOrThrow(user, slug);
  } catch (e) {
    if (e instanceof AppError && e.code === "NOT_FOUND") notFound();
    throw e;
  }
});
