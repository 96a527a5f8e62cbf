import { ChatRequest } from "@/features/one-on-one/schemas";
import { streamImproverReply } from "@/features/one-on-one/server";
import { IdSchema } from "@/features/workspaces/schemas";
import { workspaceRoute } from "@/features/workspaces/server";
import { z } from "zod";

// One turn of the one-on-one chat (AI SDK UI message stream). Viewers read, they do not chat (403);
// the service scopes the evolution session by workspace and template.
export const POST = workspaceRoute({ params: z.object({ id: IdSchema }), input: ChatRequest, permission: "improver.chat" }, async (body, ctx) =>
  streamImproverReply({ workspaceId: ctx.workspace.id, templateId: ctx.params.id, sessionId: body.sessionId, userId: ctx.user.id, message: body.message, replaces: body.replaces }),
);
