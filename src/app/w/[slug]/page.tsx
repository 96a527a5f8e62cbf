import { UserPlus } from "lucide-react";
import Link from "next/link";
import { buttonClass } from "@/components/ui/button";
import { Card, CardHeader, PageHeader } from "@/components/ui/card";
import { can, roleLabels } from "@/features/workspaces/permissions";
import { getPageWorkspaceContext } from "@/features/workspaces/server/page-context";
import { listMembers } from "@/features/workspaces/server/queries";

export default async function WorkspaceDashboard({ params }: { params: Promise<{ slug: string }> }) {
  const { slug } = await params;
  const ctx = await getPageWorkspaceContext(slug);
  const members = await listMembers(ctx.workspace.id);
  return (
    <>
      <PageHeader
        title={ctx.workspace.name}
        description={`You are ${roleLabels[ctx.membership.role].label.toLowerCase()} here: ${roleLabels[ctx.membership.role].description.toLowerCase()}.`}
        actions={
          can(ctx.membership.role, "members.invite") ? (
            <Link href={`/w/${slug}/settings/members`} className={buttonClass("primary")}>
              <UserPlus className="h-4 w-4" aria-hidden /> Invite teammates
            </Link>
          ) : null
        }
      />
      <Card>
        <CardHeader title="Team" description={`${members.length} ${members.length === 1 ? "member" : "members"}`} />
        <ul className="divide-y divide-zinc-100">
          {members.slice(0, 8).map((m) => (
            <li key={m.id} className="flex items-center justify-between px-5 py-3 text-sm">
              <span>
                <span className="font-medium">{m.user.name ?? m.user.email}</span>
                {m.user.name ? <span className="ml-2 text-zinc-500">{m.user.email}</span> : null}
              </span>
              <span className="capitalize text-zinc-500">{m.role}</span>
            </li>
          ))}
        </ul>
      </Card>
    </>
  );
}
