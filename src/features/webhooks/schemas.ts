import { z } from "zod";
import { WebhookFormat } from "@/generated/prisma/enums";
import { IdSchema } from "@/features/workspaces/schemas";
import { isSingleLine, SINGLE_LINE_MESSAGE } from "@/lib/input-rules";
import { atMostMessage, TEXT_LIMITS } from "@/lib/text-limits";
import { WEBHOOK_EVENTS } from "./events";

export const WebhookEventSchema = z.enum(WEBHOOK_EVENTS, { error: "Choose events from the list." });

export const CreateWebhookInput = z.object({
  url: z
    .string({ error: "Enter the URL that receives the events." })
    .trim()
    .min(1, { error: "Enter the URL that receives the events." })
    .max(TEXT_LIMITS.webhookUrl, { error: atMostMessage(TEXT_LIMITS.webhookUrl) })
    .refine((v) => URL.canParse(v), { error: "Enter a full URL, e.g. https://hooks.example.com/agent-coach." }),
  description: z.string().trim().max(TEXT_LIMITS.webhookDescription, { error: atMostMessage(TEXT_LIMITS.webhookDescription) }).refine(isSingleLine, SINGLE_LINE_MESSAGE).default(""),
  events: z
    .array(WebhookEventSchema, { error: "Choose at least one event." })
    .min(1, { error: "Choose at least one event." })
    .max(WEBHOOK_EVENTS.length)
    // Stored in the catalog's order, without duplicates.
    .transform((events) => WEBHOOK_EVENTS.filter((e) => events.includes(e))),
  format: z.enum(WebhookFormat, { error: "Choose signed JSON or a Slack message." }).default("standard"),
});
export const WebhookIdInput = z.object({ webhookId: IdSchema });
export const SetWebhookEnabledInput = z.object({ webhookId: IdSchema, enabled: z.boolean({ error: "Choose on or off." }) });
