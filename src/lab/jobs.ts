import { inngestEnabled } from "@/inngest/client";
import { getLocalDispatcher, setLocalDispatcher } from "@/inngest/local/dispatcher";

// The lab drives every background job itself, in order and on the simulated clock: written
// feedback is classified when the ritual prepares, the replay check runs right after a proposal,
// the ritual advances when the owner decides. The events the services stage on the way
// (feedback/written, proposal/recorded, ritual/decided) are taken and dropped, as an executor that
// had already done the work would; nothing else runs them, so nothing runs twice.

export async function withLabJobs<T>(work: () => Promise<T>): Promise<T> {
  if (inngestEnabled) throw new Error("The lab runs its jobs itself: unset INNGEST_DEV, INNGEST_EVENT_KEY and INNGEST_SIGNING_KEY for it.");
  let previous: ReturnType<typeof getLocalDispatcher> | undefined;
  try {
    previous = getLocalDispatcher();
  } catch {
    previous = undefined;
  }
  setLocalDispatcher(async (events) => ({ ids: events.map((e) => e.id ?? "") }));
  try {
    return await work();
  } finally {
    setLocalDispatcher(previous);
  }
}
