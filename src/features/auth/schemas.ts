import { z } from "zod";
import { EmailSchema } from "@/features/workspaces/schemas";
import { safeCallbackPath } from "@/lib/safe-path";

/** A same-origin path (safeCallbackPath); never an absolute URL or a protocol-relative "//host". */
export const CallbackPathSchema = z.unknown().transform((v) => safeCallbackPath(typeof v === "string" ? v : undefined));

export const RequestSignInLinkInput = z.object({ email: EmailSchema, callbackUrl: CallbackPathSchema });
