import "server-only";
import { notFound } from "next/navigation";
import { cache } from "react";
import { parseWindow } from "@/features/dashboards/window";
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

type TabProps = { params: Promise<{ slug: string; id: string }>; searchParams: Promise<Record<string, string | undefined>> };

/** What every dashboard tab starts from: the template, the query and its window (7 / 30 / 90 days). */
export async function loadWindowTab({ params, searchParams }: TabProps) {
  const [{ slug, id }, query] = await Promise.all([params, searchParams]);
  const loaded = await loadTemplate(slug, id);
  return { ...loaded, slug, query, days: parseWindow(query.window), workspaceId: loaded.ctx.workspace.id };
}
