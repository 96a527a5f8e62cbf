import { Plus } from "lucide-react";
import type { Metadata } from "next";
import Link from "next/link";
import { buttonClass } from "@/components/ui/button";
import { Badge, Card, PageHeader } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { DataTable } from "@/components/ui/table";
import { timeAgo } from "@/lib/format";
import { TemplateLink } from "@/features/templates/components/template-link";
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
          <DataTable rows={templates} rowKey={(t) => t.id} rowTestId="template-row" rowProps={(t) => ({ className: "hover:bg-zinc-50", "data-level": t.level })}
            columns={[
              {
                header: "Template",
                cell: (t) => (
                  <>
                    <TemplateLink slug={slug} id={t.id} name={t.name} />
                    <div className="mt-0.5 flex items-center gap-2 text-xs text-zinc-500">
                      <Badge tone={t.level === 0 ? "zinc" : "brand"}>{kindLabel[t.kind]}</Badge>
                      <span className="line-clamp-1">{t.description}</span>
                    </div>
                  </>
                ),
              },
              {
                header: "Active version",
                cell: (t) => (
                  <>
                    <span className="font-medium">v{t.headNumber}</span>
                    <span className="text-zinc-500"> of {t.versionCount}</span>
                  </>
                ),
              },
              { header: "Instances", cell: (t) => t.instanceCount },
              { header: "Last activity", className: "text-zinc-500", cell: (t) => timeAgo(t.lastActivityAt) },
            ]}
          />
        </Card>
      )}
    </>
  );
}
