"use server";
import { z } from "zod";
import { IdSchema } from "@/features/workspaces/schemas";
import { workspaceAction } from "@/features/workspaces/server";
import { scopeOf } from "@/server/scope";
import { requestManualWake } from "../server/request-manual-wake";

export const requestWakeAction = workspaceAction({ input: z.object({ agentId: IdSchema }), permission: "agents.write" }, async ({ agentId }, ctx) =>
  requestManualWake({ scope: scopeOf(ctx), agentId }),
);
