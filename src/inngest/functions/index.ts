import type { AnyJobDefinition } from "../definition";
import { toInngestFunction } from "../client";
import { improverRitual, improverRitualInngest } from "./improver-ritual";
import { outboxRelayTask } from "./outbox-relay";
import { ritualDecision } from "./ritual-decision";
import { ritualHourlyCheck, ritualHourlyCheckTask } from "./ritual-hourly-check";
import { taskAgentWake } from "./task-agent-wake";

// The job functions, one list per driver. Most are one definition run by both; the ritual waits
// for a person, which Inngest does inside one run (step.waitForEvent) and the embedded runner
// does by ending the job and running `ritual-decision` on the decision event.

/** Run by the embedded runner (runner.ts). */
export const embeddedFunctions: AnyJobDefinition[] = [taskAgentWake, improverRitual, ritualDecision];

/** The embedded runner's timers (the hourly check — Inngest has it as a cron function — and the outbox relay). */
export const embeddedPeriodicTasks = [ritualHourlyCheckTask, outboxRelayTask];

/** Served to Inngest by /api/inngest. `ritual-decision` is not: the ritual's run waits for the event itself. */
export const inngestFunctions = [toInngestFunction(taskAgentWake), improverRitualInngest, ritualHourlyCheck];
