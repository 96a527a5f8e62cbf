import type { Page } from "@playwright/test";

/** "Check labels" (/w/<slug>/labels): the written feedback the classifier is least sure of, checked with the keyboard. */
export class LabelsPage {
  constructor(readonly page: Page) {}

  goto(slug: string) {
    return this.page.goto(`/w/${slug}/labels`);
  }
  /** "3 waiting". */
  get waiting() {
    return this.page.getByTestId("queue-waiting");
  }
  get items() {
    return this.page.getByTestId("queue-item");
  }
  /** The item the keys act on. */
  get current() {
    return this.page.locator('[data-testid="queue-item"][aria-current="true"]');
  }
  item(text: string) {
    return this.items.filter({ hasText: text });
  }
  get legend() {
    return this.page.getByTestId("key-legend");
  }
}
