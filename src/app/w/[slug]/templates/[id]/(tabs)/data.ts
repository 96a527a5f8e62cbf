import "server-only";
import { notFound } from "next/navigation";
import { cache } from "react";
import { parseWindow } from "@/features/dashboards/window";
import { getTemplateWithHead } from "@/features/templates/server";
import { getPageWorkspaceContext } from "@/features/workspaces/server";

/** The template, its active version and instance count, read once per request for the layout and the tab. */
export const loadTemplate = cache(async (slug: string, id: string) => {
  const ctx = await getPageWorkspaceContext(slug);
  const found = await getTemplateWithHead(ctx.workspace.id, id);
  if (!found) notFound();
  return { ctx, ...found };
});

type TabProps = { params: Promise<{ slug: string; id: string }>; searchParams: Promise<Record<string, string | undefined>> };

/** What every dashboard tab starts from: the template, the query and its window (7 / 30 / 90 days). */
export async function loadWindowTab({ params, searchParams }: TabProps) {
  const [{ slug, id }, query] = await Promise.all([params, searchParams]);
  const loaded = await loadTemplate(slug, id);
  return { ...loaded, slug, query, days: parseWindow(query.window), workspaceId: loaded.ctx.workspace.id };
}
