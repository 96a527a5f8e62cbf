import type { Page } from "@playwright/test";

/** The notification list (/w/<slug>/notifications). */
export class NotificationsPage {
  constructor(readonly page: Page) {}

  goto(slug: string) {
    return this.page.goto(`/w/${slug}/notifications`);
  }
  item(text: string) {
    return this.page.getByTestId("notification-item").filter({ hasText: text });
  }
  /** How a notification that asked for a decision was settled ("Approved by … · …"). */
  resolution(text: string) {
    return this.item(text).getByTestId("notification-resolution");
  }
}
