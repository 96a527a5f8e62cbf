import type { Page } from "@playwright/test";

/** Workspace search (/w/<slug>/search). */
export class SearchPage {
  constructor(readonly page: Page) {}

  goto(slug: string) {
    return this.page.goto(`/w/${slug}/search`);
  }

  async search(query: string) {
    await this.page.getByLabel("Search query").fill(query);
    await this.page.getByRole("button", { name: "Search" }).click();
  }
  /** "1,234 matches" / "More than 1,000 matches …". */
  get count() {
    return this.page.getByTestId("search-count");
  }
  next() {
    return this.page.getByRole("link", { name: "Next →" }).click();
  }
  previous() {
    return this.page.getByRole("link", { name: "← Previous" }).click();
  }
  get hits() {
    return this.page.getByTestId("search-hit");
  }
}
