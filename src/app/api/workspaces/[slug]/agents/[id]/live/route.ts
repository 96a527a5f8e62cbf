import { getLiveStatus } from "@/features/runtime/server";
import { IdSchema } from "@/features/workspaces/schemas";
import { workspaceRoute } from "@/features/workspaces/server";
import { z } from "zod";

// Live status of an agent's wake, polled by the agent and task pages (any member may read it).
export const GET = workspaceRoute({ params: z.object({ id: IdSchema }) }, async (_input, ctx) => getLiveStatus(ctx.workspace.id, ctx.params.id));
