// A request whose client went away mid-response (a reload, a closed tab, a navigation while the
// page streamed) makes React abort the render with one of these reasons, or Next end it with its
// ResponseAborted error. Nothing on the server failed: onRequestError logs it as information, so
// the error log holds only what someone has to look at. Socket codes (ECONNRESET, EPIPE) are not
// taken as a sign: the database connection fails with the same ones.

const REASONS = ["The destination stream errored while writing data.", "The destination stream closed early."];

/** Whether `error` (or its cause) says the client disconnected before the response was written. */
export function isClientGone(error: unknown): boolean {
  for (let e = error, depth = 0; e && depth < 3; e = (e as { cause?: unknown }).cause, depth++) {
    if (typeof e === "string") return REASONS.includes(e);
    if (typeof e !== "object") return false;
    const { message, name } = e as { message?: unknown; name?: unknown };
    if (typeof message === "string" && REASONS.includes(message)) return true;
    if (name === "ResponseAborted") return true;
  }
  return false;
}
