/**
 * task-agent-wake — one wake of a task agent, single-flight per agent.
 *
 * Trigger: `agent/wake.requested` { workspaceId, agentId, reason }, sent after a task is created
 * (creation) or updated (subscription), by "Run now" (manual) or by a reanalysis.
 *
 * Steps:
 *  0. `reason` — the reason the run records: the most important of the burst it absorbed (debounce
 *     hands it only the last event; agents' takeWakeReason reads and clears the burst's mark, which
 *     every trigger raised in its own transaction). Memoized, so a retried wake keeps it.
 *  1. `wake` — runTaskAgentWake: closes a run of this agent left "running" by a process that died,
 *     opens a WakeRun, runs the self-refine loop, saves the output and the finished run, and
 *     updates AgentState (the failure streak, reset on success). A "failed" result is thrown inside
 *     the step, so the step is retried after WAKE_RETRY_DELAY × 2^attempt — unless another attempt
 *     cannot help (`retryable: false`: the provider refused the key, the model is unknown), then it
 *     fails at once (NonRetriableError); "skipped" (the agent cannot run, e.g. destroyed) is a success.
 *
 * Flow control (the same options drive Inngest and the local executor, src/inngest/README.md):
 *  - concurrency { key: agentId, limit 1 }: wakes of one agent never overlap;
 *  - debounce 5 s per FLOW_KEY (timeout 1 min): a burst of triggers is one run, with the last event
 *    (and the burst's most important reason, step 0);
 *  - throttle 1 per 120 s per FLOW_KEY: further runs are queued, not dropped;
 *  - FLOW_KEY gives each manual event a bucket of its own, so "Run now" is never merged into a
 *    burst nor throttled (it still starts after the 5 s debounce), and never skips the single-flight;
 *  - retries 2 (3 attempts);
 *  - cancelOn `agent/deleted` of this agent.
 */
import { NonRetriableError, RetryAfterError } from "inngest";
import { inngest } from "../client";
import { agentDeleted, agentWakeRequested, type AgentWakeRequestedData } from "../events";
import { TASK_AGENT_WAKE_ID } from "./ids";

export { TASK_AGENT_WAKE_ID };

export type WakeFn = (input: AgentWakeRequestedData) => Promise<{ runId: string | null; status: "succeeded" | "failed" | "skipped"; error?: string; retryable?: boolean }>;

export const WAKE_THROTTLE = "120s";
export const WAKE_DEBOUNCE = "5s";
export const WAKE_RETRIES = 2;
/** First retry after 30 s, then 60 s. */
export const WAKE_RETRY_DELAY_MS = 30_000;

/** Manual runs get a bucket of their own (unique per event): never merged, never throttled. */
export const FLOW_KEY = `event.data.reason == "manual" ? "manual-" + event.data.agentId + "-" + string(event.ts) : event.data.agentId`;

/** The reason the run records (agents: takeWakeReason); tests pass their own. */
export type TakeReasonFn = (input: AgentWakeRequestedData) => Promise<AgentWakeRequestedData["reason"]>;

const defaultTakeReason: TakeReasonFn = async (input) => (await import("@/features/agents/server")).takeWakeReason(input);

export function createTaskAgentWakeFunction({ wake, takeReason = defaultTakeReason, id = TASK_AGENT_WAKE_ID }: { wake: WakeFn; takeReason?: TakeReasonFn; id?: string }) {
  return inngest.createFunction(
    {
      id,
      triggers: [agentWakeRequested],
      concurrency: { key: "event.data.agentId", limit: 1 },
      debounce: { key: FLOW_KEY, period: WAKE_DEBOUNCE, timeout: "1m" },
      throttle: { key: FLOW_KEY, limit: 1, period: WAKE_THROTTLE },
      retries: WAKE_RETRIES,
      cancelOn: [{ event: agentDeleted, if: "async.data.agentId == event.data.agentId" }],
    },
    async ({ event, step, attempt }) => {
      const { workspaceId, agentId } = event.data;
      const reason = await step.run("reason", () => takeReason({ workspaceId, agentId, reason: event.data.reason }));
      return step.run("wake", async () => {
        const result = await wake({ workspaceId, agentId, reason });
        // A failure another attempt cannot fix (the provider refused the key, the model is unknown) is not retried.
        if (result.status === "failed" && result.retryable === false) throw new NonRetriableError(result.error ?? "The wake failed.");
        if (result.status === "failed") throw new RetryAfterError(result.error ?? "The wake failed.", WAKE_RETRY_DELAY_MS * 2 ** attempt);
        return result;
      });
    },
  );
}

// The wake is loaded on first use: importing the function list (route, instrumentation, tests) must
// not load the model registry and the whole runtime slice.
export const taskAgentWake = createTaskAgentWakeFunction({
  wake: async (input) => (await import("@/features/runtime/server")).runTaskAgentWake(input),
});
