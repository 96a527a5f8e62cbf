import { z } from "zod";
import { errorFields, logger } from "@/server/logger";

// Typed application errors. Services throw them; `toErrorBody` (the one mapper) turns any thrown
// value into a status and a message that is safe to show. Unknown errors are logged and get a
// generic message, never their internals.

export const errorStatus = {
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  GONE: 410,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  INTERNAL: 500,
} as const;

export type ErrorCode = keyof typeof errorStatus;

export class AppError extends Error {
  readonly code: ErrorCode;
  readonly fieldErrors?: Record<string, string[]>;
  constructor(code: ErrorCode, message: string, options?: { fieldErrors?: Record<string, string[]>; cause?: unknown }) {
    super(message, { cause: options?.cause });
    this.name = "AppError";
    this.code = code;
    this.fieldErrors = options?.fieldErrors;
  }
  get status(): number {
    return errorStatus[this.code];
  }
}

export const badRequest = (message: string, fieldErrors?: Record<string, string[]>) =>
  new AppError("BAD_REQUEST", message, { fieldErrors });
export const unauthorized = (message = "Sign in to continue.") => new AppError("UNAUTHORIZED", message);
export const forbidden = (message = "Your role does not allow this.") => new AppError("FORBIDDEN", message);
export const notFound = (message = "Not found.") => new AppError("NOT_FOUND", message);
export const conflict = (message: string) => new AppError("CONFLICT", message);
export const gone = (message: string) => new AppError("GONE", message);

export type ErrorBody = {
  status: number;
  code: ErrorCode;
  message: string;
  fieldErrors?: Record<string, string[]>;
};

/** Per-field messages of a zod error, keyed by the dotted path ("" for the root). */
export function zodFieldErrors(error: z.ZodError): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const key = issue.path.join(".");
    (out[key] ??= []).push(issue.message);
  }
  return out;
}

/** Unique-constraint violation from Prisma (P2002), e.g. a lost race on a monotonic number. */
export function isUniqueViolation(e: unknown): boolean {
  return typeof e === "object" && e !== null && "code" in e && (e as { code: unknown }).code === "P2002";
}

export function toErrorBody(e: unknown): ErrorBody {
  if (e instanceof AppError) {
    return { status: e.status, code: e.code, message: e.message, fieldErrors: e.fieldErrors };
  }
  if (e instanceof z.ZodError) {
    return { status: 400, code: "BAD_REQUEST", message: "Some fields are invalid.", fieldErrors: zodFieldErrors(e) };
  }
  logger.error("unhandled error", errorFields(e));
  return { status: 500, code: "INTERNAL", message: "Something went wrong on our side. Please try again." };
}
