import { MAX_INPUT_DEPTH } from "./input-rules";
import { readCappedText, sameOrigin } from "./request-body";

// What a server action request must look like before Next's action handler reads it. Next answers
// a cross-site Origin, a body over its limit, or a body it cannot decode with a 500; the proxy
// answers them first with the status they deserve. The app's actions are called with one object
// (text/plain: a JSON array of arguments) or by a plain <form> (multipart, e.g. sign-out).

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
    try {
      await req.clone().formData();
    } catch {
      return { status: 400, message: "The form data could not be read." };
    }
    return null;
  }
  try {
    JSON.parse(body);
  } catch {
    return { status: 400, message: "The request body is not valid JSON." };
  }
  return null;
}
