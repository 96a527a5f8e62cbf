import "server-only";
import { AppError } from "@/server/errors";
import { hasRateLimitSlot, takeRateLimitSlot, type RateLimit } from "@/server/rate-limit";

/** At most 5 sign-in emails per address per 15 minutes. */
export const SIGN_IN_LINKS: RateLimit = { max: 5, windowMs: 15 * 60 * 1000 };

const keyOf = (email: string) => `sign-in-email:${email.trim().toLowerCase()}`;
const LIMITED = "Too many sign-in links were sent to this address. Try again in 15 minutes.";

/** The form's early check, for a clear message (the limit itself is taken where the email is sent). */
export async function assertSignInLinkAllowed(email: string) {
  if (!(await hasRateLimitSlot(keyOf(email), SIGN_IN_LINKS))) throw new AppError("RATE_LIMITED", LIMITED);
}

/**
 * Takes one of the address's slots, atomically, right before the email goes out (Auth.js's signIn
 * callback): every way to ask for a link — the form, or POST /api/auth/signin/email directly —
 * counts, and parallel requests cannot overshoot. False: no email may be sent.
 */
export async function takeSignInLinkSlot(email: string): Promise<boolean> {
  return (await takeRateLimitSlot(keyOf(email), SIGN_IN_LINKS)).allowed;
}

/** What the sign-in page says for `?error=RateLimited`. */
export const SIGN_IN_RATE_LIMITED = LIMITED;
