import { z } from "zod";
import { ReplayGuardMode } from "@/generated/prisma/enums";

// Inputs of the replay slice's actions. Pure (no server imports): forms use them too.

export const UpdateReplayGuardInput = z.object({ mode: z.enum(ReplayGuardMode, { error: "Choose advisory or guard." }) });
