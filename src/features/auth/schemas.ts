import { z } from "zod";
import { EmailSchema } from "@/features/workspaces/schemas";

/** Only same-origin paths: never an absolute URL or a protocol-relative "//host". */
export const CallbackPathSchema = z
  .string()
  .optional()
  .transform((v) => (v && v.startsWith("/") && !v.startsWith("//") && !v.startsWith("/\\") ? v : "/"));

export const RequestSignInLinkInput = z.object({ email: EmailSchema, callbackUrl: CallbackPathSchema });
