import type { Page } from "@playwright/test";

/** A page with a list paged by `Pagination`: its range ("51–100 of 1,000+") and Previous / Next. */
export class PagedList {
  constructor(readonly page: Page) {}

  /** "51–100 of 1,000+". */
  get range() {
    return this.page.getByTestId("page-range");
  }
  next() {
    return this.page.getByRole("navigation", { name: "Pages" }).getByRole("link", { name: "Next →" }).click();
  }
  previous() {
    return this.page.getByRole("navigation", { name: "Pages" }).getByRole("link", { name: "← Previous" }).click();
  }
}
