import { z } from "zod";
import { IdSchema } from "@/features/workspaces/schemas";

/** End a probation early: every instance on the new version ("promote"), or back to the previous one ("rollback"). */
export const EndProbationInput = z.object({
  probationId: IdSchema,
  action: z.enum(["promote", "rollback"], { error: "Choose promote or roll back." }),
});
export type EndProbationInput = z.infer<typeof EndProbationInput>;

/** A template's probation settings: the share of instances kept on the previous version (0 turns probation off) and the window. */
export const UpdateProbationSettingsInput = z.object({
  templateId: IdSchema,
  share: z.number({ error: "Give a share between 0 and 0.5." }).min(0, { error: "The share cannot be negative." }).max(0.5, { error: "Keep at most half of the instances on the previous version (0.5)." }),
  days: z.number({ error: "Give a number of days." }).int({ error: "Days must be a whole number." }).min(1, { error: "At least 1 day." }).max(60, { error: "At most 60 days." }),
  minRuns: z.number({ error: "Give a number of runs." }).int({ error: "Runs must be a whole number." }).min(5, { error: "At least 5 runs per arm: fewer tell nothing." }).max(1_000, { error: "At most 1,000 runs per arm." }),
});
export type UpdateProbationSettingsInput = z.infer<typeof UpdateProbationSettingsInput>;
