import "server-only";

// "Stop" in the chat: the browser stops reading, and asks the server to stop the model too. The
// server otherwise finishes every answer on its own (consumeStream), so that a closed tab or a
// dropped connection loses nothing; only an explicit Stop cuts it. The answers being written live
// in this process (one entry per session: its newest answer). With several app instances behind
// a load balancer, a Stop that lands on another instance finds nothing and the answer completes.

const inFlight = new Map<string, AbortController>();

/** Registers the session's answer being written; `release` when it is stored. */
export function trackAnswer(sessionId: string) {
  const controller = new AbortController();
  inFlight.set(sessionId, controller);
  return {
    signal: controller.signal,
    release: () => {
      if (inFlight.get(sessionId) === controller) inFlight.delete(sessionId);
    },
  };
}

/** Stops the session's answer being written here; false when there is none (finished, or another instance). */
export function stopAnswer(sessionId: string): boolean {
  const controller = inFlight.get(sessionId);
  if (!controller) return false;
  controller.abort(new DOMException("Stopped by a person", "AbortError"));
  inFlight.delete(sessionId);
  return true;
}
