import { cookies } from "next/headers";
import { redirect } from "next/navigation";
import { ensureFirstWorkspace } from "@/features/workspaces/server";
import { listMyWorkspaces } from "@/features/workspaces/server";
import { LAST_WORKSPACE_COOKIE } from "@/lib/constants";
import { getSessionUser } from "@/server/session";

// Landing: sign-in, or the workspace used last (first sign-in creates one).
export default async function Home() {
  const user = await getSessionUser();
  if (!user) redirect("/sign-in");
  const created = await ensureFirstWorkspace(user);
  if (created) redirect(`/w/${created}`);
  const workspaces = await listMyWorkspaces(user.id);
  const last = (await cookies()).get(LAST_WORKSPACE_COOKIE)?.value;
  const target = workspaces.find((w) => w.slug === last) ?? workspaces[0];
  redirect(target ? `/w/${target.slug}` : "/workspaces/new");
}
