"use server";
import { publicAction } from "@/server/action-client";
import { signIn } from "@/server/auth";
import { RequestSignInLinkInput } from "../schemas";
import { assertSignInLinkAllowed } from "@/server/sign-in-limit";

// Sends a magic link; Auth.js then redirects to /sign-in/check-email (a redirect passes through
// the action client untouched).
export const requestSignInLinkAction = publicAction(RequestSignInLinkInput, async ({ email, callbackUrl }) => {
  await assertSignInLinkAllowed(email);
  await signIn("email", { email, redirectTo: callbackUrl });
  return { sent: true };
});
