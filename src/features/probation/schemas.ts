import { z } from "zod";
import { IdSchema } from "@/features/workspaces/schemas";

/** End a probation early: every instance on the new version ("promote"), or back to the previous one ("rollback"). */
export const EndProbationInput = z.object({
  probationId: IdSchema,
  action: z.enum(["promote", "rollback"], { error: "Choose promote or roll back." }),
});
export type EndProbationInput = z.infer<typeof EndProbationInput>;
