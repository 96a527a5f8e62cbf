import "server-only";
import type { z } from "zod";
import { inputProblem } from "@/lib/input-rules";
import { isJsonContentType, readCappedText } from "@/lib/request-body";
import { AppError, badRequest } from "./errors";

/** 400 for input the app never accepts (lib/input-rules.ts), before any validator or query sees it. */
export function assertSafeInput(input: unknown) {
  const problem = inputProblem(input);
  if (problem) throw badRequest(problem.message, { [problem.path]: [problem.message] });
}

/** The input rule, then the schema: every action, route and API wrapper parses with this. */
export function parseInput<S extends z.ZodType>(schema: S, raw: unknown): z.output<S> {
  assertSafeInput(raw);
  return schema.parse(raw);
}

/** Same, without throwing the schema's error (the REST API maps it to 422 itself). */
export function safeParseInput<S extends z.ZodType>(schema: S, raw: unknown) {
  assertSafeInput(raw);
  return schema.safeParse(raw);
}

/** Default cap of a JSON body sent by the app's own pages (a chat message is at most 4,000 characters). */
export const MAX_JSON_BODY_BYTES = 64 * 1024;

/**
 * A JSON request body, read with a cap: 415 without a JSON content type, 413 past `maxBytes`
 * (announced or actual: the body is read in chunks and abandoned at the cap), 400 when it is not JSON
 * or breaks the input rule.
 */
export async function readJsonBody(request: Request, maxBytes = MAX_JSON_BODY_BYTES): Promise<unknown> {
  if (!isJsonContentType(request.headers.get("content-type"))) throw new AppError("UNSUPPORTED_MEDIA_TYPE", "Send the request body as JSON (Content-Type: application/json).");
  const tooLarge = () => new AppError("PAYLOAD_TOO_LARGE", `The request body is limited to ${Math.round(maxBytes / 1024)} KB.`);
  if (Number(request.headers.get("content-length") ?? 0) > maxBytes) throw tooLarge();
  const text = await readCappedText(request, maxBytes);
  if (text === null) throw tooLarge();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw badRequest("The request body is not valid JSON.");
  }
  assertSafeInput(json);
  return json;
}
