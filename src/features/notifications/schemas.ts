import { z } from "zod";
import { IdSchema } from "@/features/workspaces/schemas";

export const NOTIFICATION_KINDS = ["ritual_review", "ritual_reminder", "ritual_outcome", "ritual_failed", "probation_harm", "probation_outcome"] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** At most this many ids per "mark read" call (the list page shows 50). */
export const MAX_MARK_READ_IDS = 100;

export const MarkNotificationsReadInput = z.object({
  ids: z
    .array(IdSchema, { error: "Choose notifications to mark read." })
    .min(1, { error: "Choose at least one notification." })
    .max(MAX_MARK_READ_IDS, { error: `At most ${MAX_MARK_READ_IDS} at a time.` }),
});
export const MarkAllNotificationsReadInput = z.object({});
export const SetEmailNotificationsInput = z.object({ enabled: z.boolean({ error: "Choose on or off." }) });
