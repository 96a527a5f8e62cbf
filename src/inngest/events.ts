import { eventType } from "inngest";
import { z } from "zod";
import { WakeReasonSchema } from "@/features/agents/schemas";
import { ProposalStatus } from "@/generated/prisma/enums";

// Every event, typed once. The zod schema is the single source of truth for a payload: the outbox
// validates before writing, and the Inngest SDK validates a trigger event with it (Standard
// Schema) when a run starts — on an Inngest server and in the local executor alike.

export const AgentWakeRequestedData = z.object({
  workspaceId: z.string().min(1),
  agentId: z.string().min(1),
  reason: WakeReasonSchema,
});
export type AgentWakeRequestedData = z.infer<typeof AgentWakeRequestedData>;

/** A task agent should run: its task was created or changed, a person pressed "Run now", … */
export const agentWakeRequested = eventType("agent/wake.requested", { schema: AgentWakeRequestedData });

export const RitualWakeRequestedData = z.object({
  workspaceId: z.string().min(1),
  improverAgentId: z.string().min(1),
  /** scheduled: the hourly check found it due; manual: "Run ritual now"; resume: the hourly check found its open ritual stuck. */
  reason: z.enum(["scheduled", "manual", "resume"]),
  /** The template the improver improves: a `template/deleted` of it cancels the ritual (optional: events staged before it existed). */
  templateId: z.string().min(1).optional(),
});
export type RitualWakeRequestedData = z.infer<typeof RitualWakeRequestedData>;

/** An improver's ritual should run (or an open one nobody drives should be adopted). */
export const ritualWakeRequested = eventType("ritual/wake.requested", { schema: RitualWakeRequestedData });

export const RitualDecidedData = z.object({
  workspaceId: z.string().min(1),
  sessionId: z.string().min(1),
  improverAgentId: z.string().min(1),
  decision: z.enum(ProposalStatus).extract(["approved", "rejected"]),
});
export type RitualDecidedData = z.infer<typeof RitualDecidedData>;

/**
 * A person decided a ritual's proposal (the decision itself is already written, in the same
 * transaction as this event): what the waiting ritual's step.waitForEvent resumes on.
 */
export const ritualDecided = eventType("ritual/decided", { schema: RitualDecidedData });

/** workspaceId: that workspace's texts; absent: every workspace's (the job's own continuation). */
export const FeedbackWrittenData = z.object({ workspaceId: z.string().min(1).optional() });
export type FeedbackWrittenData = z.infer<typeof FeedbackWrittenData>;

/** Written feedback (an observation, a decision's reason) is waiting for the classifier: label it soon. */
export const feedbackWritten = eventType("feedback/written", { schema: FeedbackWrittenData });

export const FeedbackCorrectedData = z.object({ workspaceId: z.string().min(1) });
export type FeedbackCorrectedData = z.infer<typeof FeedbackCorrectedData>;

/** A person corrected or confirmed written feedback labels: the workspace's adaptation retrains after a batch. */
export const feedbackCorrected = eventType("feedback/corrected", { schema: FeedbackCorrectedData });

export const ProposalRecordedData = z.object({ workspaceId: z.string().min(1), proposalId: z.string().min(1) });
export type ProposalRecordedData = z.infer<typeof ProposalRecordedData>;

/** The improver proposed new directives: replay last week's runs with them (features/replay). */
export const proposalRecorded = eventType("proposal/recorded", { schema: ProposalRecordedData });

export const AgentDeletedData = z.object({ workspaceId: z.string().min(1), agentId: z.string().min(1) });
export type AgentDeletedData = z.infer<typeof AgentDeletedData>;

/**
 * An agent (a task agent or an improver) is deleted: its runs in flight are cancelled (`cancelOn` of
 * the task wake and of the ritual). Stage it in the deleting transaction (send.ts: stageAgentDeleted).
 */
export const agentDeleted = eventType("agent/deleted", { schema: AgentDeletedData });

export const TemplateDeletedData = z.object({ workspaceId: z.string().min(1), templateId: z.string().min(1) });
export type TemplateDeletedData = z.infer<typeof TemplateDeletedData>;

/** A template is deleted: its improver's ritual in flight is cancelled (send.ts: stageTemplateDeleted). */
export const templateDeleted = eventType("template/deleted", { schema: TemplateDeletedData });

export const WebhookDeliveryRequestedData = z.object({ workspaceId: z.string().min(1), endpointId: z.string().min(1), deliveryId: z.string().min(1) });
export type WebhookDeliveryRequestedData = z.infer<typeof WebhookDeliveryRequestedData>;

/** A webhook delivery was written (features/webhooks: stageWebhookEvent): send it, retrying with backoff. */
export const webhookDeliveryRequested = eventType("webhook/delivery.requested", { schema: WebhookDeliveryRequestedData });

/** Every event by name: what `sendEvent` accepts. */
export const appEvents = {
  [agentWakeRequested.name]: agentWakeRequested,
  [ritualWakeRequested.name]: ritualWakeRequested,
  [ritualDecided.name]: ritualDecided,
  [feedbackWritten.name]: feedbackWritten,
  [feedbackCorrected.name]: feedbackCorrected,
  [proposalRecorded.name]: proposalRecorded,
  [agentDeleted.name]: agentDeleted,
  [templateDeleted.name]: templateDeleted,
  [webhookDeliveryRequested.name]: webhookDeliveryRequested,
} as const;

export type AppEventName = keyof typeof appEvents;
export type AppEventData<N extends AppEventName> = z.infer<(typeof appEvents)[N]["schema"]>;
export type AppEvent = { [N in AppEventName]: { name: N; data: AppEventData<N> } }[AppEventName];
