import { expect } from "@playwright/test";
import { MAIL_API_PORT } from "./ports";

type Mail = { to: string[]; subject: string; body: string; receivedAt: string };

async function inbox(to: string, subject: RegExp): Promise<Mail[]> {
  const res = await fetch(`http://127.0.0.1:${MAIL_API_PORT}/messages?to=${encodeURIComponent(to)}`);
  return ((await res.json()) as Mail[]).filter((m) => subject.test(m.subject));
}

export async function countMail(to: string, subject: RegExp): Promise<number> {
  return (await inbox(to, subject)).length;
}

/**
 * Waits for the `nth` (1-based) message to `to` whose subject matches and returns the first link
 * in it that matches `link`.
 */
export async function waitForLink(to: string, options: { subject: RegExp; link: RegExp; nth: number }): Promise<string> {
  let found: string | undefined;
  await expect
    .poll(
      async () => {
        found = (await inbox(to, options.subject))[options.nth - 1]?.body.match(options.link)?.[0];
        return found;
      },
      { message: `email #${options.nth} to ${to} matching ${options.subject}`, timeout: 15_000 },
    )
    .toBeTruthy();
  return found!;
}
