import type { Metadata } from "next";
import Link from "next/link";
import { z } from "zod";
import { Badge, Card, CardHeader } from "@/components/ui/card";
import { formatDateTime, plural } from "@/lib/format";
import { ProbationSettingsForm } from "@/features/probation/components/probation-settings-form";
import { getProbationSettings } from "@/features/probation/server";
import { CompareVersions } from "@/features/templates/components/compare-versions";
import { authorOf } from "@/features/templates/components/version-author";
import { SetHeadButton } from "@/features/templates/components/set-head-button";
import { VersionDiff } from "@/features/templates/components/version-diff";
import { listVersions } from "@/features/templates/server";
import { can } from "@/features/workspaces/permissions";
import { loadTemplate } from "../data";

export const metadata: Metadata = { title: "Template versions" };

const CompareParams = z.object({ a: z.coerce.number().int().positive().optional(), b: z.coerce.number().int().positive().optional() });

/** Versions: any two compared word by word, and the history with promote / roll back. */
export default async function TemplateVersionsPage({ params, searchParams }: { params: Promise<{ slug: string; id: string }>; searchParams: Promise<Record<string, string | undefined>> }) {
  const { slug, id } = await params;
  const { ctx, template } = await loadTemplate(slug, id);
  const canWrite = can(ctx.membership.role, "templates.write");
  const [query, versions, probationSettings] = await Promise.all([searchParams, listVersions(ctx.workspace.id, template.id), getProbationSettings(ctx.workspace.id, template.id)]);
  const head = versions.find((v) => v.id === template.headVersionId)!;

  const compare = CompareParams.safeParse(query);
  const byNumber = (n?: number) => (n ? versions.find((v) => v.number === n) : undefined);
  const right = byNumber(compare.data?.b) ?? head;
  const left = byNumber(compare.data?.a) ?? (right.parent ? byNumber(right.parent.number) : undefined) ?? versions.find((v) => v.number === right.number - 1) ?? right;

  return (
    <div className="space-y-6">
      <Card>
        <CardHeader title="Compare versions" description="Word-level differences between any two versions." />
        <div className="space-y-4 p-5">
          <CompareVersions versions={versions.map((v) => ({ number: v.number, active: v.id === head.id }))} from={left.number} to={right.number} />
          <VersionDiff before={left.directives} after={right.directives} beforeLabel={`v${left.number}`} afterLabel={`v${right.number}`} />
        </div>
      </Card>

      <Card>
        <CardHeader title="Version history" description="Versions are never edited. Promote or roll back moves the active pointer; instances follow at their next run." />
        {probationSettings ? <ProbationSettingsForm workspaceSlug={slug} templateId={template.id} initial={probationSettings} canEdit={canWrite} /> : null}
        <ol className="divide-y divide-zinc-100">
          {versions.map((v) => (
            // Two columns on every row (the actions in the right one, "Changes" last): the links and
            // buttons line up down the list whatever each version's rationale or buttons.
            <li key={v.id} className="grid gap-3 px-5 py-3 text-sm sm:grid-cols-[minmax(0,1fr)_auto] sm:items-center" data-testid="version-row" data-version={v.number}>
              <div className="min-w-0">
                <div className="flex flex-wrap items-center gap-2">
                  <span className="font-semibold">v{v.number}</span>
                  {v.id === head.id ? <Badge tone="green">Active</Badge> : null}
                  <Badge tone={v.authoredBy === "agent" ? "brand" : "zinc"}>{authorOf(v)}</Badge>
                  <span className="text-zinc-500">{formatDateTime(v.createdAt)}</span>
                  <span className="text-zinc-400">· {plural(v.runCount, "run")}</span>
                </div>
                {v.rationale ? <p className="mt-1 text-zinc-600">{v.rationale}</p> : null}
              </div>
              <div className="flex items-center gap-3 sm:justify-end" data-testid="version-actions">
                {canWrite && v.id !== head.id ? (
                  <SetHeadButton workspaceSlug={slug} templateId={template.id} versionId={v.id} number={v.number} headNumber={head.number} />
                ) : null}
                {canWrite && v.id === head.id && v.authoredBy === "agent" && v.parent ? (
                  <SetHeadButton workspaceSlug={slug} templateId={template.id} versionId={v.parent.id} number={v.parent.number} headNumber={head.number} oneClick label={`Undo: back to v${v.parent.number}`} />
                ) : null}
                <Link className="w-16 text-right text-sm font-medium text-brand-600 hover:underline" href={`?a=${v.parent?.number ?? Math.max(1, v.number - 1)}&b=${v.number}`} scroll={false}>
                  Changes
                </Link>
              </div>
            </li>
          ))}
        </ol>
      </Card>
    </div>
  );
}
