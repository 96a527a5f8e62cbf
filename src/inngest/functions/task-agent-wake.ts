/**
 * task-agent-wake — one wake of a task agent (DESIGN Flow 2), single-flight per agent.
 *
 * Trigger: `agent/wake.requested` { workspaceId, agentId, reason }, sent after a task is created
 * (creation) or updated (subscription), by "Run now" (manual) or by a reanalysis.
 *
 * Steps:
 *  1. `wake` — runTaskAgentWake: loads the agent, opens a WakeRun, runs the self-refine loop,
 *     saves the output and the finished run, and updates AgentState (the failure streak, reset on
 *     success). A "failed" result is thrown inside the step so the engine retries it with
 *     backoff; "skipped" (the agent cannot run, e.g. destroyed) is a success.
 *
 * Semantics, and how each driver gets them:
 *  - single-flight per agent — embedded: no claim while a job of the same agent runs;
 *    Inngest: `concurrency { key: event.data.agentId, limit: 1 }`.
 *  - coalescing — embedded: one pending job per agent absorbs every new trigger (the most
 *    important reason wins, see REASON_RANK); Inngest: `debounce` (a burst of triggers within
 *    DEBOUNCE of each other becomes one run, with the last event).
 *  - throttle 120 s per agent — embedded: runAt ≥ last start + 120 s; Inngest: `throttle`
 *    (limit 1 per 120 s, queued, not dropped).
 *  - manual bypasses the throttle, not the single-flight — embedded: `bypassThrottle`; Inngest:
 *    FLOW_KEY gives each manual event a throttle/debounce bucket of its own, while concurrency
 *    stays keyed by agent.
 *  - failures — 3 attempts, 30 s × 2^(attempt-1) between them (capped at 30 min); Inngest gets
 *    the same delays through RetryAfterError (inngest.ts).
 * The v4 types accept concurrency + throttle + debounce together (only batching excludes
 * debounce). FLOW_KEY is a CEL conditional; no Inngest server can run here, so it is checked
 * against the SDK's config output only.
 */
import { db } from "@/server/db";
import { agentWakeRequested, type AgentWakeRequestedData, type WakeReason } from "../events";
import { defineJob, exponentialBackoff, type RecoverContext } from "../definition";

export type WakeFn = (input: AgentWakeRequestedData) => Promise<{ runId: string | null; status: "succeeded" | "failed" | "skipped"; error?: string }>;

export const TASK_AGENT_WAKE_ID = "task-agent-wake";
export const WAKE_THROTTLE_MS = 120_000;
const DEBOUNCE = "5s";

/** Manual runs get a bucket of their own (unique per event) so they skip throttle and debounce. */
export const FLOW_KEY = `event.data.reason == "manual" ? "manual-" + event.data.agentId + "-" + string(event.ts) : event.data.agentId`;

/** When triggers coalesce, the pending run keeps the most important reason (it is logged on the WakeRun). */
export const REASON_RANK: Record<WakeReason, number> = { manual: 5, creation: 4, reanalysis: 3, subscription: 2, scheduled: 1 };

export class WakeFailedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "WakeFailedError";
  }
}

export function createTaskAgentWakeFunction({ wake }: { wake: WakeFn }) {
  return defineJob({
    id: TASK_AGENT_WAKE_ID,
    event: agentWakeRequested,
    key: (data) => data.agentId,
    throttleMs: WAKE_THROTTLE_MS,
    bypassThrottle: (data) => data.reason === "manual",
    coalesce: (pending, incoming) => (REASON_RANK[incoming.reason] > REASON_RANK[pending.reason] ? incoming : pending),
    retry: { maxAttempts: 3, backoffMs: exponentialBackoff({ baseMs: 30_000, maxMs: 30 * 60_000 }) },
    inngest: {
      concurrency: { key: "event.data.agentId", limit: 1 },
      throttle: { key: FLOW_KEY, limit: 1, period: "120s" },
      debounce: { key: FLOW_KEY, period: DEBOUNCE, timeout: "1m" },
    },
    onRecover: failInterruptedRuns,
    handler: async (data, { step }) =>
      step.run("wake", async () => {
        const result = await wake({ workspaceId: data.workspaceId, agentId: data.agentId, reason: data.reason });
        if (result.status === "failed") throw new WakeFailedError(result.error ?? "The wake failed.");
        return result;
      }),
  });
}

/**
 * A wake that was running when its process died left its WakeRun "running" for ever. Only task
 * agents' runs that started before this runner booted, and whose agent has no running job (in a
 * live process), are closed — never a run something is still working on.
 */
async function failInterruptedRuns({ runningKeys, bootedAt }: RecoverContext) {
  await db.wakeRun.updateMany({
    where: { status: "running", startedAt: { lt: bootedAt }, agentId: { notIn: runningKeys }, agent: { kind: "taskAgent" } },
    data: { status: "failed", finishedAt: new Date(), phase: null, phaseIteration: null, error: "Interrupted by a restart" },
  });
}

// The wake is loaded on first use: importing the job list (route, instrumentation, tests) must not
// load the model registry and the whole runtime slice.
export const taskAgentWake = createTaskAgentWakeFunction({
  wake: async (input) => (await import("@/features/runtime/server/run-task-agent-wake")).runTaskAgentWake(input),
});
