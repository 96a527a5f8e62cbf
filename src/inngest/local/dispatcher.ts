import type { InputEvent } from "./executor";

// Where the outbox delivers events when no Inngest server is configured: the process's local
// executor (runtime.ts sets it at start; tests set their own).

type Dispatch = (events: InputEvent[]) => Promise<{ ids: string[] }>;
const globalForDispatch = globalThis as unknown as { agentCoachDispatch?: Dispatch };

export function setLocalDispatcher(dispatch: Dispatch | undefined) {
  globalForDispatch.agentCoachDispatch = dispatch;
}

export function getLocalDispatcher(): Dispatch {
  const dispatch = globalForDispatch.agentCoachDispatch;
  if (!dispatch) throw new Error("The local executor is not running in this process.");
  return dispatch;
}
