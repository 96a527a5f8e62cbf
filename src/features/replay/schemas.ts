import { z } from "zod";
import { ReplayGuardMode } from "@/generated/prisma/enums";
import { IdSchema } from "@/features/workspaces/schemas";

// Inputs of the replay slice's actions. Pure (no server imports): forms use them too.

export const UpdateReplayGuardInput = z.object({ mode: z.enum(ReplayGuardMode, { error: "Choose advisory or guard." }) });

/** Where a template's task agents run, and the replay endpoint of agents that run in the team's own code (admins). */
export const UpdateExternalAgentsInput = z.object({
  templateId: IdSchema,
  runsExternally: z.boolean({ error: "Say where the agents run." }),
  replayUrl: z
    .string()
    .trim()
    .max(2000, { error: "A URL of at most 2,000 characters." })
    .transform((u) => (u === "" ? null : u)),
});
export type UpdateExternalAgentsInput = z.infer<typeof UpdateExternalAgentsInput>;

export const RotateReplaySecretInput = z.object({ templateId: IdSchema });
