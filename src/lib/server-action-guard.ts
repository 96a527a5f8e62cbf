import { MAX_INPUT_DEPTH } from "./input-rules";
import { readCappedText, sameOrigin } from "./request-body";

// What a server action request must look like before Next's action handler reads it. Next answers
// a cross-site Origin, a body over its limit, or a body it cannot decode with a 500; the proxy
// answers them first with the status they deserve. The app's actions are called with one object
// (text/plain: a JSON array of arguments) or by a plain <form> (multipart, e.g. sign-out). Both
// reach React's decodeReply, which throws (a 500) on a reference to a chunk the body does not hold.

/** Next's default serverActions.bodySizeLimit. */
export const ACTION_BODY_LIMIT = 1024 * 1024;

/** The deepest nesting of brackets outside JSON strings (no parse needed, no recursion). */
export function jsonDepth(text: string): number {
  let depth = 0;
  let max = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (inString) {
      if (c === "\\") i++;
      else if (c === '"') inString = false;
    } else if (c === '"') inString = true;
    else if (c === "{" || c === "[") max = Math.max(max, ++depth);
    else if (c === "}" || c === "]") depth--;
  }
  return max;
}

const BLOB_REFERENCES = new Set("BAOoUSsLlGgMmV");
const STREAM_REFERENCES = new Set("RrXx");
const CHUNK_REFERENCES = new Set("@hQWi");
const SCALARS = new Set("uIN-HDTK");

/**
 * What is wrong with a React reply (React's decodeReply format: chunk "0" is the root, a string
 * like "$1", "$Q2" or "$@3" refers to another chunk, a field of the same name in a multipart body;
 * a text body is chunk "0" alone). React answers a reference to a chunk that is not there, or that
 * is not the kind it refers to, with an error Next turns into a 500; this finds them first.
 * `chunks` maps a field name to its value (a string, or a file for blob references).
 */
export function replyProblem(chunks: ReadonlyMap<string, string | Blob>): string | null {
  const missing = "The request refers to a part that is not in its body.";
  const queue = ["0"];
  const seen = new Set(queue);
  while (queue.length > 0) {
    const text = chunks.get(queue.pop()!);
    if (typeof text !== "string") return missing;
    let root: unknown;
    try {
      root = JSON.parse(text);
    } catch {
      return "The request body is not valid JSON.";
    }
    const values: unknown[] = [root];
    while (values.length > 0) {
      const value = values.pop();
      if (value !== null && typeof value === "object") {
        values.push(...Object.values(value));
        continue;
      }
      if (typeof value !== "string" || value[0] !== "$" || value[1] === "$") continue;
      const tag = value[1] ?? "";
      if (tag === "n") {
        if (!/^-?\d{1,300}$/.test(value.slice(2))) return "The request holds a malformed number.";
        continue;
      }
      if (SCALARS.has(tag)) continue;
      const reference = BLOB_REFERENCES.has(tag) || STREAM_REFERENCES.has(tag) || CHUNK_REFERENCES.has(tag) ? value.slice(2) : value.slice(1);
      const id = parseInt(reference.split(":")[0], 16);
      if (!Number.isInteger(id)) return missing;
      const key = String(id);
      const chunk = chunks.get(key);
      if (BLOB_REFERENCES.has(tag) ? !(chunk instanceof Blob) : typeof chunk !== "string") return missing;
      if (!BLOB_REFERENCES.has(tag) && !STREAM_REFERENCES.has(tag) && !seen.has(key)) {
        seen.add(key);
        queue.push(key);
      }
    }
  }
  return null;
}

export async function serverActionProblem(req: Request, appUrl: string | undefined): Promise<{ status: number; message: string } | null> {
  if (!sameOrigin(req, appUrl)) return { status: 403, message: "Cross-site requests are not accepted." };
  const tooLarge = { status: 413, message: `A request to the app is limited to ${ACTION_BODY_LIMIT / 1024} KB.` };
  if (Number(req.headers.get("content-length") ?? 0) > ACTION_BODY_LIMIT) return tooLarge;
  const type = (req.headers.get("content-type") ?? "").toLowerCase();
  const multipart = type.startsWith("multipart/form-data");
  if (!type.startsWith("text/plain") && !multipart && !type.startsWith("application/x-www-form-urlencoded")) {
    return { status: 415, message: "Unsupported content type for an app request." };
  }
  const body = await readCappedText(req.clone(), ACTION_BODY_LIMIT);
  if (body === null) return tooLarge;
  if (jsonDepth(body) > MAX_INPUT_DEPTH + 8) return { status: 400, message: `The input is nested too deeply (at most ${MAX_INPUT_DEPTH} levels).` };
  if (multipart || type.startsWith("application/x-www-form-urlencoded")) {
    let form: FormData;
    try {
      form = await req.clone().formData();
    } catch {
      return { status: 400, message: "The form data could not be read." };
    }
    // A fetch action's multipart body is a React reply (root field "0"); a plain <form> post has none.
    if (!multipart || !form.has("0")) return null;
    const chunks = new Map<string, string | Blob>();
    form.forEach((value, key) => chunks.set(key, value));
    const problem = replyProblem(chunks);
    return problem ? { status: 400, message: problem } : null;
  }
  const problem = replyProblem(new Map([["0", body]]));
  return problem ? { status: 400, message: problem } : null;
}
