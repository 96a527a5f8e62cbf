// One input rule for all text, wherever it comes from (action arguments, JSON bodies, query
// strings, path segments): no NUL character (Postgres refuses it in text: a 500 otherwise), no
// unpaired surrogate (not Unicode: Postgres refuses its UTF-8), and structured input at most
// MAX_INPUT_DEPTH levels deep (deeper nesting is an attack on the parser and validators, never data).
// Pure: the proxy, the wrappers and the schemas share it.

export const MAX_INPUT_DEPTH = 32;

const NUL = /\u0000/;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Why a string is refused, or null. */
export function textProblem(text: string): string | null {
  if (NUL.test(text)) return "Text may not contain NUL characters (\\u0000).";
  if (LONE_SURROGATE.test(text)) return "Text must be valid Unicode (it contains an unpaired surrogate).";
  return null;
}

/**
 * The first problem in a parsed input — a refused string (a value or a key) or nesting deeper than
 * `maxDepth` — with where it is ("payload.notes.3"), or null. Iterative: a deep input cannot
 * overflow the stack here.
 */
export function inputProblem(input: unknown, maxDepth = MAX_INPUT_DEPTH): { path: string; message: string } | null {
  const stack: { value: unknown; path: string[]; depth: number }[] = [{ value: input, path: [], depth: 0 }];
  while (stack.length) {
    const { value, path, depth } = stack.pop()!;
    if (typeof value === "string") {
      const problem = textProblem(value);
      if (problem) return { path: path.join("."), message: problem };
      continue;
    }
    if (value === null || typeof value !== "object") continue;
    if (depth >= maxDepth) return { path: path.join("."), message: `The input is nested too deeply (at most ${maxDepth} levels).` };
    for (const [key, child] of Array.isArray(value) ? value.entries() : Object.entries(value)) {
      const keyProblem = typeof key === "string" ? textProblem(key) : null;
      if (keyProblem) return { path: [...path, key].join("."), message: keyProblem };
      stack.push({ value: child, path: [...path, String(key)], depth: depth + 1 });
    }
  }
  return null;
}

const CONTROL = /[\u0000-\u001f\u007f\u2028\u2029]/;

/** Names and titles are one line: they go into email subjects and plain-text bodies as they are. */
export const isSingleLine = (text: string) => !CONTROL.test(text);
export const SINGLE_LINE_MESSAGE = "Use one line: no line breaks, tabs or control characters.";
