import type { Page } from "@playwright/test";

/** An invitation link's page (/invite/<token>). */
export class InvitationPage {
  constructor(readonly page: Page) {}

  get joinHeading() {
    return this.page.getByRole("heading", { name: /^Join / });
  }
  accept() {
    return this.page.getByRole("button", { name: "Accept invitation" }).click();
  }
}
