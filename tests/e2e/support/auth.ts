import { expect, type Page } from "@playwright/test";
import { countMail, waitForLink } from "./mail";

const SIGN_IN_SUBJECT = /Sign in to Agent Coach/;

/**
 * Signs in through the real magic-link flow: the form sends an email over SMTP to the sink, and
 * the link in that email completes the sign-in. Uses the form on the current page when
 * `fromCurrentPage` (e.g. an invitation page), else /sign-in.
 */
export async function signInByEmail(page: Page, email: string, options: { fromCurrentPage?: boolean } = {}) {
  if (!options.fromCurrentPage) await page.goto("/sign-in");
  const before = await countMail(email, SIGN_IN_SUBJECT);
  const field = page.getByLabel("Email");
  if (await field.isEditable()) await field.fill(email);
  else await expect(field).toHaveValue(email);
  await page.getByRole("button", { name: "Email me a sign-in link" }).click();
  await expect(page.getByRole("heading", { name: "Check your email" })).toBeVisible();
  const link = await waitForLink(email, {
    subject: SIGN_IN_SUBJECT,
    link: /http:\/\/localhost:\d+\/api\/auth\/callback\/email\?\S+/,
    nth: before + 1,
  });
  await page.goto(link);
}
