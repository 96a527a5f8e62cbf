import "server-only";
import { notFound } from "next/navigation";
import { cache } from "react";
import { getTemplate, listVersions } from "@/features/templates/server";
import { getPageWorkspaceContext } from "@/features/workspaces/server";

/** The template, its versions and the head, read once per request for the layout and the tab. */
export const loadTemplate = cache(async (slug: string, id: string) => {
  const ctx = await getPageWorkspaceContext(slug);
  const [template, versions] = await Promise.all([getTemplate(ctx.workspace.id, id), listVersions(ctx.workspace.id, id)]);
  if (!template) notFound();
  const head = versions.find((v) => v.id === template.headVersionId)!;
  return { ctx, template, versions, head };
});
