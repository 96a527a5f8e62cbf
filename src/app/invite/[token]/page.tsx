import type { Metadata } from "next";
import { CenteredCard, HomeLinkCard } from "@/components/centered-card";
import { buttonClass } from "@/components/ui/button";
import { Notice } from "@/components/ui/card";
import { signOutAction } from "@/features/auth/actions/sign-out";
import { SignInForm } from "@/features/auth/components/sign-in-form";
import { AcceptInvitationButton } from "@/features/workspaces/components/accept-invitation-button";
import { roleLabels } from "@/features/workspaces/permissions";
import { getInvitationPreview } from "@/features/workspaces/server";
import { getSessionUser } from "@/server/session";

export const metadata: Metadata = { title: "Invitation" };

const stateText = {
  expired: "This invitation has expired. Ask the person who invited you for a new one.",
  used: "This invitation has already been used.",
  revoked: "This invitation was withdrawn.",
} as const;

export default async function InvitationPage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  const invitation = /^[A-Za-z0-9_-]{20,100}$/.test(token) ? await getInvitationPreview(token) : null;
  if (!invitation) {
    return <HomeLinkCard title="Invitation not found" subtitle="The link is incomplete or invalid. Check that you copied all of it." label="Go to Agent Coach" />;
  }
  const title = `Join ${invitation.workspaceName}`;
  const subtitle = (
    <>
      {invitation.invitedBy} invited <b>{invitation.email}</b> as {roleLabels[invitation.role].label.toLowerCase()}:{" "}
      {roleLabels[invitation.role].description.toLowerCase()}.
    </>
  );
  if (invitation.state !== "valid") {
    return (
      <CenteredCard title={title} subtitle={subtitle}>
        <Notice tone="error">{stateText[invitation.state]}</Notice>
      </CenteredCard>
    );
  }

  const user = await getSessionUser();
  if (!user) {
    return (
      <CenteredCard title={title} subtitle={subtitle}>
        <p className="mb-4 text-sm text-zinc-600">Sign in with the invited address to accept.</p>
        <SignInForm callbackUrl={`/invite/${token}`} defaultEmail={invitation.email} lockedEmail />
      </CenteredCard>
    );
  }
  if (user.email.toLowerCase() !== invitation.email) {
    return (
      <CenteredCard title={title} subtitle={subtitle}>
        <div className="space-y-4">
          <Notice tone="error">
            You are signed in as {user.email}. This invitation is for {invitation.email}: sign out and sign in with that address.
          </Notice>
          <form action={signOutAction}>
            <button type="submit" className={buttonClass("secondary", "md", "w-full")}>
              Sign out
            </button>
          </form>
        </div>
      </CenteredCard>
    );
  }
  return (
    <CenteredCard title={title} subtitle={subtitle}>
      <AcceptInvitationButton token={token} />
    </CenteredCard>
  );
}
