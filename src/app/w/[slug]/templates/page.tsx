import { Plus } from "lucide-react";
import type { Metadata } from "next";
import Link from "next/link";
import { buttonClass } from "@/components/ui/button";
import { Badge, Card, PageHeader } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { timeAgo } from "@/lib/format";
import { listTemplates } from "@/features/templates/server";
import { can } from "@/features/workspaces/permissions";
import { getPageWorkspaceContext } from "@/features/workspaces/server";

export const metadata: Metadata = { title: "Templates" };

const kindLabel = { taskAgent: "Task agent", templateImprover: "Improver", metaImprover: "Meta-improver" } as const;

export default async function TemplatesPage({ params }: { params: Promise<{ slug: string }> }) {
  const { slug } = await params;
  const ctx = await getPageWorkspaceContext(slug);
  const templates = await listTemplates(ctx.workspace.id);
  return (
    <>
      <PageHeader
        title="Templates"
        description="Versioned directives your agents run on. Every instance uses the active version at its next run."
        actions={
          can(ctx.membership.role, "templates.write") ? (
            <Link href={`/w/${slug}/templates/new`} className={buttonClass()}>
              <Plus className="h-4 w-4" aria-hidden /> New template
            </Link>
          ) : null
        }
      />
      {templates.length === 0 ? (
        <EmptyState title="No templates yet">Create one, or connect an external agent through the API.</EmptyState>
      ) : (
        <Card>
          <table className="w-full text-sm">
            <thead className="border-b border-zinc-100 text-left text-xs uppercase tracking-wide text-zinc-500">
              <tr>
                <th className="px-5 py-3 font-medium">Template</th>
                <th className="px-5 py-3 font-medium">Active version</th>
                <th className="px-5 py-3 font-medium">Instances</th>
                <th className="px-5 py-3 font-medium">Last activity</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-zinc-100">
              {templates.map((t) => (
                <tr key={t.id} className="hover:bg-zinc-50" data-testid="template-row" data-level={t.level}>
                  <td className="px-5 py-3">
                    <Link href={`/w/${slug}/templates/${t.id}`} className="font-medium text-zinc-900 hover:text-brand-700">
                      {t.name}
                    </Link>
                    <div className="mt-0.5 flex items-center gap-2 text-xs text-zinc-500">
                      <Badge tone={t.level === 0 ? "zinc" : "brand"}>{kindLabel[t.kind]}</Badge>
                      <span className="line-clamp-1">{t.description}</span>
                    </div>
                  </td>
                  <td className="px-5 py-3">
                    <span className="font-medium">v{t.headNumber}</span>
                    <span className="text-zinc-500"> of {t.versionCount}</span>
                  </td>
                  <td className="px-5 py-3">{t.instanceCount}</td>
                  <td className="px-5 py-3 text-zinc-500">{timeAgo(t.lastActivityAt)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </Card>
      )}
    </>
  );
}
