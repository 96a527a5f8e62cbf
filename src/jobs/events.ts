import { eventType } from "inngest";
import { z } from "zod";

// Every job event, typed once. The zod schema is the single source of truth for a payload: the
// Inngest SDK validates trigger events with it (Standard Schema), `sendEvent` validates before
// sending, and the embedded runner validates again before running a handler (a row may have been
// written by an older version of the code).

/** Why an agent wakes. Mirrors the Prisma enum `WakeReason`. */
export const WakeReasonSchema = z.enum(["subscription", "creation", "reanalysis", "scheduled", "manual"]);
export type WakeReason = z.infer<typeof WakeReasonSchema>;

export const AgentWakeRequestedData = z.object({
  workspaceId: z.string().min(1),
  agentId: z.string().min(1),
  reason: WakeReasonSchema,
});
export type AgentWakeRequestedData = z.infer<typeof AgentWakeRequestedData>;

/** A task agent should run: its task was created or changed, a person pressed "Run now", … */
export const agentWakeRequested = eventType("agent/wake.requested", { schema: AgentWakeRequestedData });

// Ritual events of later issues go here, e.g. `ritual/started` { templateId, sessionId } and
// `ritual/decided` { sessionId, decision, feedback? } (the human decision a ritual waits for),
// then join `appEvents` below.

/** Every event by name: what `sendEvent` accepts. */
export const appEvents = {
  [agentWakeRequested.name]: agentWakeRequested,
} as const;

export type AppEventName = keyof typeof appEvents;
export type AppEventData<N extends AppEventName> = z.infer<(typeof appEvents)[N]["schema"]>;
export type AppEvent = { [N in AppEventName]: { name: N; data: AppEventData<N> } }[AppEventName];
