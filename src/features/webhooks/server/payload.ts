import type { WebhookFormat } from "@/generated/prisma/enums";
import type { DeliveredEvent } from "../events";

// The body of a delivery. `standard`: the Standard Webhooks shape { type, timestamp, data }, where
// data always carries the workspace, a one-sentence summary and the deep link (an absolute URL into
// the app) beside the event's own fields. `slack`: { text } — what a Slack (or Mattermost, Discord
// /slack, Teams workflow) incoming-webhook URL accepts — the summary and the link in Slack's markup.

export type WebhookOccurrence = {
  event: DeliveredEvent;
  /** One sentence a person can read: "Support Triage: v5 is now active." */
  summary: string;
  /** Absolute URL of the page about it. */
  url: string;
  workspace: { slug: string; name: string };
  /** The event's own fields (ids, numbers). */
  data: Record<string, unknown>;
  at: Date;
};

export function webhookPayload(format: WebhookFormat, o: WebhookOccurrence): Record<string, unknown> {
  if (format === "slack") return { text: `${slackEscape(o.summary)} <${o.url}|Open in Agent Coach>` };
  return { type: o.event, timestamp: o.at.toISOString(), data: { workspace: o.workspace, summary: o.summary, url: o.url, ...o.data } };
}

/** Slack's three control characters in message text. */
const slackEscape = (text: string) => text.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;");
