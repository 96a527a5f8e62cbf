// Retry-After as HTTP defines it (pure): delay-seconds, or an HTTP date. The workflow engine's
// RetryAfterError carries the same two forms.

/** The wait a Retry-After value asks for, in ms (a date counted from `now`, never below 0); null when it is neither form. */
export function retryAfterMs(value: string, now = Date.now()): number | null {
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return seconds * 1_000;
  const at = Date.parse(value);
  return Number.isFinite(at) ? Math.max(0, at - now) : null;
}
