import { ChatRequest, FollowAnswerInput, StopAnswerInput } from "@/features/one-on-one/schemas";
import { followImproverReply, stopImproverReply, streamImproverReply } from "@/features/one-on-one/server";
import { IdSchema } from "@/features/workspaces/schemas";
import { workspaceRoute } from "@/features/workspaces/server";
import { parseInput } from "@/server/input";
import { z } from "zod";

// One turn of the one-on-one chat (AI SDK UI message stream). Viewers read, they do not chat (403);
// the service scopes the evolution session by workspace and template.
export const POST = workspaceRoute({ params: z.object({ id: IdSchema }), input: ChatRequest, permission: "improver.chat" }, async (body, ctx) =>
  streamImproverReply({
    workspaceId: ctx.workspace.id,
    templateId: ctx.params.id,
    sessionId: body.sessionId,
    userId: ctx.user.id,
    message: body.message,
    replaces: body.replaces,
    edits: body.edits,
  }),
);

// Resume (`?sessionId=`): the answer being written in this session, replayed from its start and
// followed live; 204 when none is being written in this process. Every member reads, viewers too.
export const GET = workspaceRoute({ params: z.object({ id: IdSchema }) }, async (_body, ctx) => {
  const { sessionId } = parseInput(FollowAnswerInput, Object.fromEntries(new URL(ctx.request.url).searchParams));
  return followImproverReply({ workspaceId: ctx.workspace.id, templateId: ctx.params.id, sessionId });
});

// "Stop": the answer being written in this session is cut; what was written so far is stored, marked stopped.
export const DELETE = workspaceRoute({ params: z.object({ id: IdSchema }), input: StopAnswerInput, permission: "improver.chat" }, async (body, ctx) =>
  stopImproverReply({ workspaceId: ctx.workspace.id, templateId: ctx.params.id, sessionId: body.sessionId }),
);
