import type { Page } from "@playwright/test";

/** The development mailbox (/dev/mailbox), where emails land when no SMTP server is configured. */
export class DevMailboxPage {
  constructor(readonly page: Page) {}

  /** The mail sent to `to`. */
  goto(to: string) {
    return this.page.goto(`/dev/mailbox?to=${encodeURIComponent(to)}`);
  }
  mail(subject: string) {
    return this.page.getByTestId("mail").filter({ hasText: subject });
  }
}
