import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { Card, PageHeader } from "@/components/ui/card";
import { NewTemplateForm } from "@/features/templates/components/new-template-form";
import { can } from "@/features/workspaces/permissions";
import { getPageWorkspaceContext } from "@/features/workspaces/server";

export const metadata: Metadata = { title: "New template" };

export default async function NewTemplatePage({ params }: { params: Promise<{ slug: string }> }) {
  const { slug } = await params;
  const ctx = await getPageWorkspaceContext(slug);
  if (!can(ctx.membership.role, "templates.write")) notFound();
  return (
    <>
      <PageHeader title="New template" description="Version 1 becomes active at once; later versions come from you or the improver." />
      <Card className="max-w-3xl">
        <NewTemplateForm workspaceSlug={slug} />
      </Card>
    </>
  );
}
