import type { Page } from "@playwright/test";

/** Settings → Schedule (/w/<slug>/settings/schedule): the workspace's ritual schedule. */
export class SchedulePage {
  constructor(readonly page: Page) {}

  goto(slug: string) {
    return this.page.goto(`/w/${slug}/settings/schedule`);
  }
  row(templateName: string) {
    return this.page.getByTestId("schedule-row").filter({ hasText: templateName });
  }
  get preview() {
    return this.page.getByTestId("schedule-preview");
  }
}
