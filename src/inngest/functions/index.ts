import { adaptClassifierFn } from "./adapt-classifier";
import { classifyFeedback } from "./classify-feedback";
import { deliverWebhook } from "./deliver-webhook";
import { improverRitual } from "./improver-ritual";
import { replayCheck } from "./replay-check";
import { ritualHourlyCheck } from "./ritual-hourly-check";
import { taskAgentWake } from "./task-agent-wake";

/**
 * The app's workflows, written once as Inngest functions. /api/inngest serves them to an Inngest
 * server when one is configured; otherwise the local executor in each app process runs them.
 */
export const functions = [taskAgentWake, improverRitual, ritualHourlyCheck, classifyFeedback, replayCheck, adaptClassifierFn, deliverWebhook];
