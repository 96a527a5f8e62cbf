import type { Metadata } from "next";
import { Badge, Card, CardHeader, PageHeader } from "@/components/ui/card";
import { DataTable } from "@/components/ui/table";
import { InviteForm } from "@/features/workspaces/components/invite-form";
import { MemberRowActions } from "@/features/workspaces/components/member-row-actions";
import { RevokeInvitationButton } from "@/features/workspaces/components/revoke-invitation-button";
import { can } from "@/features/workspaces/permissions";
import { getPageWorkspaceContext } from "@/features/workspaces/server";
import { listMembers, listPendingInvitations } from "@/features/workspaces/server";
import { enumWords } from "@/lib/words";

export const metadata: Metadata = { title: "Members" };

const date = (d: Date) => d.toLocaleDateString("en-GB", { day: "numeric", month: "short", year: "numeric", timeZone: "UTC" });

export default async function MembersPage({ params }: { params: Promise<{ slug: string }> }) {
  const { slug } = await params;
  const ctx = await getPageWorkspaceContext(slug);
  const canInvite = can(ctx.membership.role, "members.invite");
  const canManage = can(ctx.membership.role, "members.manage");
  const [members, invitations] = await Promise.all([
    listMembers(ctx.workspace.id),
    canInvite ? listPendingInvitations(ctx.workspace.id) : Promise.resolve([]),
  ]);

  const owners = members.filter((m) => m.role === "owner").length;
  return (
    <>
      <PageHeader title="Members" description="Who can see and work in this workspace, and with which role." />
      <div className="space-y-6">
        {canInvite ? (
          <Card>
            <CardHeader title="Invite a teammate" description="They get an email with a link that works once and expires in 7 days." />
            <InviteForm workspaceSlug={slug} myRole={ctx.membership.role} />
          </Card>
        ) : null}

        <Card>
          <CardHeader title="Members" description={`${members.length} in ${ctx.workspace.name}`} />
          <DataTable rows={members} rowKey={(m) => m.id} rowTestId="member-row" rowProps={(m) => ({ "data-email": m.user.email })} head="hidden"
            columns={[
              {
                header: "Member",
                cell: (m) => (
                  <>
                    <div className="font-medium">
                      {m.user.name ?? m.user.email}
                      {m.id === ctx.membership.id ? <span className="ml-2 text-xs font-normal text-zinc-500">(you)</span> : null}
                    </div>
                    {m.user.name ? <div className="text-zinc-500">{m.user.email}</div> : null}
                  </>
                ),
              },
              { header: "Joined", className: "hidden text-zinc-500 sm:table-cell", cell: (m) => `Joined ${date(m.createdAt)}` },
              {
                header: "Role",
                align: "right",
                cell: (m) => (
                  <MemberRowActions
                    workspaceSlug={slug}
                    membershipId={m.id}
                    role={m.role}
                    email={m.user.email}
                    canManage={canManage}
                    isSelf={m.id === ctx.membership.id}
                    isLastOwner={m.role === "owner" && owners === 1}
                  />
                ),
              },
            ]}
          />
        </Card>

        {canInvite ? (
          <Card>
            <CardHeader title="Pending invitations" description="Not yet accepted and not expired." />
            {invitations.length === 0 ? (
              <p className="px-5 py-6 text-sm text-zinc-500">No pending invitations.</p>
            ) : (
              <ul className="divide-y divide-zinc-100">
                {invitations.map((inv) => (
                  <li key={inv.id} className="flex flex-wrap items-center justify-between gap-3 px-5 py-3 text-sm" data-testid="invitation-row">
                    <span>
                      <span className="font-medium">{inv.email}</span> <Badge>{enumWords("Role", inv.role)}</Badge>
                      <span className="ml-2 text-zinc-500">
                        invited by {inv.invitedBy.name ?? inv.invitedBy.email}, expires {date(inv.expiresAt)}
                      </span>
                    </span>
                    <RevokeInvitationButton workspaceSlug={slug} invitationId={inv.id} />
                  </li>
                ))}
              </ul>
            )}
          </Card>
        ) : null}
      </div>
    </>
  );
}
