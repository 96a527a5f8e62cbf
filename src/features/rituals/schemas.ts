import { z } from "zod";
import { IdSchema } from "@/features/workspaces/schemas";
import { isValidTimezone } from "./schedule";
import { TEXT_LIMITS } from "@/lib/text-limits";

// Inputs of the ritual actions and the review page's query. Pure (no server imports): forms use them too.

export const WeekdaySchema = z
  .number({ error: "Choose a weekday." })
  .int("Choose a weekday.")
  .min(0, "Choose a weekday between Sunday and Saturday.")
  .max(6, "Choose a weekday between Sunday and Saturday.");

export const HourSchema = z.number({ error: "Choose an hour." }).int("Whole hours only.").min(0, "Hours go from 0 to 23.").max(23, "Hours go from 0 to 23.");

export const TimezoneSchema = z
  .string({ error: "Choose a time zone." })
  .trim()
  .min(1, "Choose a time zone.")
  .max(TEXT_LIMITS.timezone, "Unknown time zone: use an IANA name such as Europe/Berlin.")
  .refine(isValidTimezone, "Unknown time zone: use an IANA name such as Europe/Berlin.");

export const RunRitualNowInput = z.object({ templateId: IdSchema });

export const SetImproverLifecycleInput = z.object({
  templateId: IdSchema,
  lifecycle: z.enum(["active", "dormant"], { error: "Choose active or dormant." }),
});

export const UpdateWorkspaceScheduleInput = z.object({ weekday: WeekdaySchema, hour: HourSchema, timezone: TimezoneSchema });

/** A template's override: each field null = the workspace's. */
export const UpdateTemplateScheduleInput = z.object({
  templateId: IdSchema,
  weekday: WeekdaySchema.nullable(),
  hour: HourSchema.nullable(),
  timezone: TimezoneSchema.nullable(),
});

/** `?n=<notification id>&sig=<hmac>` of an email link; anything malformed is ignored. */
export const ReviewLinkParams = z.object({
  n: z.string().min(1).max(64).optional().catch(undefined),
  sig: z.string().min(1).max(256).optional().catch(undefined),
});
