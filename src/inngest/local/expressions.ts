import { parse } from "@marcbachmann/cel-js";

// Inngest writes keys and conditions in CEL (Common Expression Language): `event.data.agentId`,
// `async.data.sessionId == "…"`, ternaries. The local executor evaluates the same strings with a
// maintained CEL implementation rather than a hand-written subset, so an expression means the same
// on both drivers. Parsed expressions are cached: the same few strings are evaluated per event.

type Compiled = ReturnType<typeof parse>;
const cache = new Map<string, Compiled>();

function compile(expression: string): Compiled {
  let compiled = cache.get(expression);
  if (!compiled) {
    compiled = parse(expression);
    cache.set(expression, compiled);
  }
  return compiled;
}

/** A key expression's value as a string (Inngest hashes whatever it evaluates to). */
export function evaluateKey(expression: string, context: Record<string, unknown>): string {
  const value = compile(expression)(context);
  return typeof value === "string" ? value : String(value);
}

/** An `if` condition. A condition that cannot be evaluated (a missing field) does not match, as in Inngest. */
export function matches(expression: string | undefined, context: Record<string, unknown>): boolean {
  if (!expression) return true;
  try {
    return compile(expression)(context) === true;
  } catch {
    return false;
  }
}
