import { z } from "zod";
import { IdSchema } from "@/features/workspaces/schemas";

export const NOTIFICATION_KINDS = ["ritual_review", "ritual_reminder", "ritual_outcome", "ritual_failed", "probation_harm", "probation_outcome"] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** How a notification that asked for a decision was settled (`Notification.resolution`). */
export const NOTIFICATION_RESOLUTIONS = ["approved", "rejected", "expired", "closed", "confirmed"] as const;
export type NotificationResolution = (typeof NOTIFICATION_RESOLUTIONS)[number];

/** "approved by Ana", "expired": what the list shows in place of the request. */
export const RESOLUTION_LABEL: Record<NotificationResolution, string> = {
  approved: "Approved",
  rejected: "Rejected",
  expired: "Expired",
  closed: "Closed without a decision",
  confirmed: "Confirmed",
};

/** At most this many ids per "mark read" call (the list page shows 50). */
export const MAX_MARK_READ_IDS = 100;

export const MarkNotificationsReadInput = z.object({
  ids: z
    .array(IdSchema, { error: "Choose notifications to mark read." })
    .min(1, { error: "Choose at least one notification." })
    .max(MAX_MARK_READ_IDS, { error: `At most ${MAX_MARK_READ_IDS} at a time.` }),
});
export const MarkAllNotificationsReadInput = z.object({});
/** A page opened from a notification marks it read after it rendered (never on GET). */
export const MarkViewedNotificationsReadInput = z.object({
  link: z.string().max(500, { error: "A link is at most 500 characters." }).regex(/^\/w\//, { error: "A link is a path in the app." }),
  n: z.string().max(64).optional(),
  sig: z.string().max(256).optional(),
});
export const SetEmailNotificationsInput = z.object({ enabled: z.boolean({ error: "Choose on or off." }) });
