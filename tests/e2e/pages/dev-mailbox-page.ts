import type { Page } from "@playwright/test";

/** The development mailbox (/dev/mailbox), where emails land when no SMTP server is configured. */
export class DevMailboxPage {
  constructor(readonly page: Page) {}

  goto(to?: string) {
    return this.page.goto(to ? `/dev/mailbox?to=${encodeURIComponent(to)}` : "/dev/mailbox");
  }
  mail(subject: string) {
    return this.page.getByTestId("mail").filter({ hasText: subject });
  }
}
