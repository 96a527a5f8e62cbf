import "server-only";
import type { UIMessageChunk } from "ai";

// The answers being written in this process, one entry per session (its newest answer):
//
// - "Stop": the browser stops reading, and asks the server to stop the model too. The server
//   otherwise finishes every answer on its own, so that a closed tab or a dropped connection loses
//   nothing; only an explicit Stop cuts it.
// - Resumable streams: every UI-message-stream chunk of the answer is kept here until the answer
//   is stored, so a page (re)loaded while it is written replays what was written and follows it
//   live (`followAnswer`, the chat route's GET). The buffer is freed when the answer ends, and
//   capped (ANSWER_BUFFER_MAX_BYTES): an answer past the cap is no longer resumable — its
//   followers keep reading, a new one gets nothing and the page falls back to polling for the
//   stored answer.
//
// In-process only, on purpose (no Redis): with several app instances behind a load balancer, a
// Stop or a resume that lands on another instance finds nothing — the answer completes, and the
// page polls until it is stored.

/** The most one answer's chunks may take here (JSON characters): ~50× a long answer with a proposal. */
export const ANSWER_BUFFER_MAX_BYTES = 2_000_000;

type Follower = { push: (chunk: UIMessageChunk) => void; end: () => void };
type Answer = {
  controller: AbortController;
  chunks: UIMessageChunk[];
  bytes: number;
  /** Past the cap: the chunks were dropped, a new follower cannot replay from the start. */
  overflowed: boolean;
  followers: Set<Follower>;
  /** Stored (or failed): followers were ended. */
  done: boolean;
  /** Resolves when it is released (stored, or failed). */
  settled: Promise<void>;
  settle: () => void;
};

const inFlight = new Map<string, Answer>();

/** Registers the session's answer being written; `record` each chunk, `release` when it is stored. */
export function trackAnswer(sessionId: string) {
  let settle!: () => void;
  const settled = new Promise<void>((r) => (settle = r));
  const answer: Answer = { controller: new AbortController(), chunks: [], bytes: 0, overflowed: false, followers: new Set(), done: false, settled, settle };
  inFlight.set(sessionId, answer);
  return {
    signal: answer.controller.signal,
    record: (chunk: UIMessageChunk) => {
      if (!answer.overflowed) {
        answer.bytes += JSON.stringify(chunk).length;
        if (answer.bytes > ANSWER_BUFFER_MAX_BYTES) {
          answer.overflowed = true;
          answer.chunks = [];
        } else answer.chunks.push(chunk);
      }
      for (const f of answer.followers) f.push(chunk);
    },
    /** Its chunks so far, then live until it is released. */
    follow: () => follow(answer),
    release: () => {
      answer.done = true;
      answer.settle();
      for (const f of answer.followers) f.end();
      answer.followers.clear();
      answer.chunks = [];
      if (inFlight.get(sessionId) === answer) inFlight.delete(sessionId);
    },
  };
}

/**
 * Stops the session's answer being written here and resolves once what was written is stored (at
 * most `waitMs`), so the page that asked reloads it; false when there is none (finished, or another instance).
 */
export async function stopAnswer(sessionId: string, waitMs = 5_000): Promise<boolean> {
  const answer = inFlight.get(sessionId);
  if (!answer || answer.controller.signal.aborted) return false;
  answer.controller.abort(new DOMException("Stopped by a person", "AbortError"));
  let timer: ReturnType<typeof setTimeout> | undefined;
  await Promise.race([answer.settled, new Promise<void>((r) => (timer = setTimeout(r, waitMs)))]);
  clearTimeout(timer);
  return true;
}

/**
 * The session's answer being written here, from its first chunk, then live until it is stored;
 * null when there is none (finished, written by another instance, or past the buffer's cap).
 */
export function followAnswer(sessionId: string): ReadableStream<UIMessageChunk> | null {
  const answer = inFlight.get(sessionId);
  return answer && !answer.overflowed ? follow(answer) : null;
}

function follow(answer: Answer): ReadableStream<UIMessageChunk> {
  let follower: Follower | undefined;
  return new ReadableStream<UIMessageChunk>({
    start(controller) {
      for (const chunk of answer.chunks) controller.enqueue(chunk);
      follower = {
        push: (chunk) => {
          try {
            controller.enqueue(chunk);
          } catch {
            // Its reader went away.
          }
        },
        end: () => {
          try {
            controller.close();
          } catch {
            // Already closed or cancelled by its reader.
          }
        },
      };
      if (answer.done) follower.end();
      else answer.followers.add(follower);
    },
    cancel() {
      if (follower) answer.followers.delete(follower);
    },
  });
}
