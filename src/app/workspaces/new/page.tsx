import type { Metadata } from "next";
import Link from "next/link";
import { redirect } from "next/navigation";
import { CenteredCard } from "@/components/centered-card";
import { CreateWorkspaceForm } from "@/features/workspaces/components/create-workspace-form";
import { getSessionUser } from "@/server/session";

export const metadata: Metadata = { title: "New workspace" };

export default async function NewWorkspacePage() {
  if (!(await getSessionUser())) redirect("/sign-in?callbackUrl=/workspaces/new");
  return (
    <CenteredCard
      title="Create a workspace"
      subtitle="A workspace holds your team's agents, templates and feedback. You will be its owner."
      footer={<Link href="/" className="text-brand-600 hover:underline">Cancel</Link>}
    >
      <CreateWorkspaceForm />
    </CenteredCard>
  );
}
