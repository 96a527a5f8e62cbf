import { expect, type Page } from "@playwright/test";
import { SignInPage } from "../pages/sign-in-page";
import { countMail, waitForLink } from "./mail";

const SIGN_IN_SUBJECT = /Sign in to Agent Coach/;

/**
 * Signs in through the real magic-link flow: the form sends an email over SMTP to the sink, and
 * the link in that email completes the sign-in. Uses the form on the current page when
 * `fromCurrentPage` (e.g. an invitation page), else /sign-in.
 */
export async function signInByEmail(page: Page, email: string, options: { fromCurrentPage?: boolean } = {}) {
  const signIn = new SignInPage(page);
  if (!options.fromCurrentPage) await signIn.goto();
  const before = await countMail(email, SIGN_IN_SUBJECT);
  await signIn.requestLink(email);
  await expect(signIn.checkYourEmail).toBeVisible();
  const link = await waitForLink(email, {
    subject: SIGN_IN_SUBJECT,
    link: /http:\/\/localhost:\d+\/api\/auth\/callback\/email\?\S+/,
    nth: before + 1,
  });
  await page.goto(link);
}
