import { ArrowRight, UserPlus } from "lucide-react";
import Link from "next/link";
import { Suspense } from "react";
import { buttonClass } from "@/components/ui/button";
import { Card, CardHeader, PageHeader } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { TemplateHealthTable } from "@/features/dashboards/components/template-health-table";
import { getWorkspaceHealth } from "@/features/dashboards/server";
import { can, roleLabels } from "@/features/workspaces/permissions";
import { getPageShell, getPageWorkspaceContext } from "@/features/workspaces/server";
import { formatCount } from "@/lib/capped-count";
import { listMembers } from "@/features/workspaces/server";
import { readThrough, type CacheScope } from "@/server/read-cache";
import { enumWords } from "@/lib/words";

export default async function WorkspaceDashboard({ params }: { params: Promise<{ slug: string }> }) {
  const { slug } = await params;
  const ctx = await getPageWorkspaceContext(slug);
  const [members, { pendingDecisions: pending }] = await Promise.all([listMembers(ctx.workspace.id), getPageShell(slug)]);
  return (
    <>
      <PageHeader
        title={ctx.workspace.name}
        description={`You are ${roleLabels[ctx.membership.role].label.toLowerCase()} here: ${roleLabels[ctx.membership.role].description.toLowerCase()}.`}
        actions={
          can(ctx.membership.role, "members.invite") ? (
            <Link href={`/w/${slug}/settings/members`} className={buttonClass("secondary")}>
              <UserPlus className="h-4 w-4" aria-hidden /> Invite teammates
            </Link>
          ) : null
        }
      />
      <div className="space-y-6">
        {pending.value > 0 ? (
          <Link href={`/w/${slug}/inbox`} className="flex items-center justify-between rounded-xl border border-brand-100 bg-brand-50 px-5 py-4 text-sm text-brand-700 hover:bg-brand-100">
            <span>
              <b>{formatCount(pending)}</b> agent {pending.value === 1 && !pending.capped ? "proposal waits" : "proposals wait"} for a decision.
            </span>
            <ArrowRight className="h-4 w-4" aria-hidden />
          </Link>
        ) : null}
        <Card>
          <CardHeader title="Templates" description="What your agents run on: how each did in the last 7 days, with arrows against the 7 days before." />
          {/* The health of every template is the costliest read here: it streams in after the rest. */}
          <Suspense
            fallback={
              <div className="m-5 flex h-24 items-center justify-center rounded-lg bg-zinc-50 text-xs text-zinc-400" role="status">
                Loading each template&apos;s numbers…
              </div>
            }
          >
            <TemplatesHealth slug={slug} scope={ctx.workspace} />
          </Suspense>
        </Card>
        <Card>
          <CardHeader title="Team" description={`${members.length} ${members.length === 1 ? "member" : "members"}`} />
          <ul className="divide-y divide-zinc-100">
            {members.slice(0, 8).map((m) => (
              <li key={m.id} className="flex items-center justify-between px-5 py-3 text-sm">
                <span>
                  <span className="font-medium">{m.user.name ?? m.user.email}</span>
                  {m.user.name ? <span className="ml-2 text-zinc-500">{m.user.email}</span> : null}
                </span>
                <span className="text-zinc-500">{enumWords("Role", m.role)}</span>
              </li>
            ))}
          </ul>
        </Card>
      </div>
    </>
  );
}

async function TemplatesHealth({ slug, scope }: { slug: string; scope: CacheScope }) {
  const templates = await readThrough(scope, "workspace-health", () => getWorkspaceHealth({ workspaceId: scope.id }));
  if (templates.length > 0) return <TemplateHealthTable slug={slug} templates={templates} />;
  return (
    <div className="p-5">
      <EmptyState title="No templates yet">
        <Link className="text-brand-600 hover:underline" href={`/w/${slug}/templates`}>Create the first one</Link> or connect an agent through the API.
      </EmptyState>
    </div>
  );
}
