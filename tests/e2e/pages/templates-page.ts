import type { Page } from "@playwright/test";

/** The templates list (/w/<slug>/templates). */
export class TemplatesPage {
  constructor(readonly page: Page) {}

  goto(slug: string) {
    return this.page.goto(`/w/${slug}/templates`);
  }

  get rows() {
    return this.page.getByTestId("template-row");
  }
  /** Task templates are level 0; improver templates 1 and 2. */
  rowsOfLevel(level: number) {
    return this.page.locator(`[data-testid="template-row"][data-level="${level}"]`);
  }
  get newTemplateLink() {
    return this.page.getByRole("link", { name: "New template" });
  }
  open(name: string) {
    return this.page.getByRole("link", { name }).click();
  }
}
