import { expect, type Page } from "@playwright/test";

/** /sign-in, or any page with the sign-in form (an invitation, a redirect with callbackUrl). */
export class SignInPage {
  constructor(readonly page: Page) {}

  get email() {
    return this.page.getByLabel("Email");
  }
  get checkYourEmail() {
    return this.page.getByRole("heading", { name: "Check your email" });
  }

  goto() {
    return this.page.goto("/sign-in");
  }

  /** Sends the form; a prefilled, read-only email field (an invitation's) must already say `email`. */
  async requestLink(email: string) {
    if (await this.email.isEditable()) await this.email.fill(email);
    else await expect(this.email).toHaveValue(email);
    await this.submit();
  }

  submit() {
    return this.page.getByRole("button", { name: "Email me a sign-in link" }).click();
  }
}
