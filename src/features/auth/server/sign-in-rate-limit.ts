import "server-only";
import { db } from "@/server/db";
import { AppError } from "@/server/errors";

const WINDOW_MS = 15 * 60 * 1000;
const MAX_LINKS = 5;

/** At most 5 sign-in emails per address per 15 minutes, counted from the email log itself. */
export async function assertSignInLinkAllowed(email: string) {
  const recent = await db.emailMessage.count({
    where: { to: email, kind: "sign-in", createdAt: { gt: new Date(Date.now() - WINDOW_MS) } },
  });
  if (recent >= MAX_LINKS) {
    throw new AppError("RATE_LIMITED", "Too many sign-in links were sent to this address. Try again in 15 minutes.");
  }
}
