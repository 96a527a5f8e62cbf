import { NextResponse } from "next/server";
import { getLiveStatus } from "@/features/runtime/server/queries";
import { getWorkspaceContextOrThrow } from "@/features/workspaces/server/workspace-context";
import { IdSchema, WorkspaceSlugSchema } from "@/features/workspaces/schemas";
import { toErrorBody, unauthorized } from "@/server/errors";
import { getSessionUser } from "@/server/session";

// Live status of an agent's wake, polled by the agent and task pages (session + membership checked;
// a non-member gets 404 as everywhere).
export async function GET(_req: Request, { params }: { params: Promise<{ slug: string; id: string }> }) {
  try {
    const { slug, id } = await params;
    const slugOk = WorkspaceSlugSchema.safeParse(slug);
    const idOk = IdSchema.safeParse(id);
    if (!slugOk.success || !idOk.success) return NextResponse.json({ error: { code: "NOT_FOUND", message: "Not found." } }, { status: 404 });
    const user = await getSessionUser();
    if (!user) throw unauthorized();
    const ctx = await getWorkspaceContextOrThrow(user, slugOk.data);
    return NextResponse.json(await getLiveStatus(ctx.workspace.id, idOk.data), { headers: { "Cache-Control": "no-store" } });
  } catch (e) {
    const body = toErrorBody(e);
    return NextResponse.json({ error: { code: body.code, message: body.message } }, { status: body.status });
  }
}
