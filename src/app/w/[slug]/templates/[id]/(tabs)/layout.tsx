import type { ReactNode } from "react";
import Link from "next/link";
import { MessagesSquare } from "lucide-react";
import { buttonClass } from "@/components/ui/button";
import { Badge, PageHeader } from "@/components/ui/card";
import { plural } from "@/lib/format";
import { getOpenSession } from "@/features/one-on-one/server";
import { TemplateTabs } from "@/features/templates/components/template-tabs";
import { loadTemplate } from "./data";

// The template page: its header and tabs (Overview · Versions · Performance · Feedback · Instances),
// each tab a page of its own that loads only what it shows.
export default async function TemplateLayout({ children, params }: { children: ReactNode; params: Promise<{ slug: string; id: string }> }) {
  const { slug, id } = await params;
  const { ctx, template, head, instanceCount } = await loadTemplate(slug, id);
  const openSession = await getOpenSession(ctx.workspace.id, template.id);
  const base = `/w/${slug}/templates/${template.id}`;
  return (
    <>
      <PageHeader
        title={template.name}
        description={template.description || undefined}
        actions={
          <div className="flex flex-wrap items-center gap-2 text-sm">
            {template.kind !== "taskAgent" ? <Badge tone="amber">{template.kind === "metaImprover" ? "Meta-improver" : "Improver"} · level {template.level}</Badge> : null}
            <Badge tone="brand">Active: v{head.number}</Badge>
            <Badge>{plural(instanceCount, "instance")}</Badge>
            <Link className="font-medium text-brand-600 hover:underline" href={`${base}/notes`}>
              Notes
            </Link>
            <Link className="font-medium text-brand-600 hover:underline" href={`${base}/hypotheses`}>
              Hypotheses
            </Link>
            <Link className={buttonClass("primary", "sm")} href={`${base}/one-on-one`}>
              <MessagesSquare className="size-4" aria-hidden />
              {openSession ? (openSession.origin === "ritual" ? `One-on-one · ritual #${openSession.sessionNumber}` : `Continue one-on-one #${openSession.sessionNumber}`) : "One-on-one"}
            </Link>
          </div>
        }
      />
      <TemplateTabs base={base} />
      {children}
    </>
  );
}
