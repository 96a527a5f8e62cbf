import { NextResponse } from "next/server";
import { ChatRequest } from "@/features/one-on-one/schemas";
import { streamImproverReply } from "@/features/one-on-one/server/chat";
import { assertCan, getWorkspaceContextOrThrow } from "@/features/workspaces/server/workspace-context";
import { IdSchema, WorkspaceSlugSchema } from "@/features/workspaces/schemas";
import { badRequest, notFound, toErrorBody, unauthorized } from "@/server/errors";
import { getSessionUser } from "@/server/session";

// One turn of the one-on-one chat (AI SDK UI message stream). Order as everywhere: input → session
// → membership (404 for outsiders) → role (viewers read, they do not chat: 403) → the service,
// which scopes the evolution session by workspace and template.
export async function POST(req: Request, { params }: { params: Promise<{ slug: string; id: string }> }) {
  try {
    const { slug, id } = await params;
    const slugOk = WorkspaceSlugSchema.safeParse(slug);
    const idOk = IdSchema.safeParse(id);
    if (!slugOk.success || !idOk.success) throw notFound();
    const json = await req.json().catch(() => {
      throw badRequest("The request body must be JSON.");
    });
    const body = ChatRequest.parse(json);
    const user = await getSessionUser();
    if (!user) throw unauthorized();
    const ctx = await getWorkspaceContextOrThrow(user, slugOk.data);
    assertCan(ctx, "improver.chat");
    return await streamImproverReply({ workspaceId: ctx.workspace.id, templateId: idOk.data, sessionId: body.sessionId, userId: user.id, message: body.message });
  } catch (e) {
    const body = toErrorBody(e);
    return NextResponse.json({ error: { code: body.code, message: body.message, fieldErrors: body.fieldErrors } }, { status: body.status });
  }
}
