import type { Page } from "@playwright/test";

/** The agents list (/w/<slug>/agents): filters, order and pages in the URL. */
export class AgentsPage {
  constructor(readonly page: Page) {}

  goto(slug: string, query = "") {
    return this.page.goto(`/w/${slug}/agents${query}`);
  }
  get rows() {
    return this.page.getByTestId("agent-row");
  }
  /** "51–100 of 1,000". */
  get range() {
    return this.page.getByTestId("page-range");
  }
  get filterForm() {
    return this.page.getByRole("form", { name: "Filter agents" });
  }
  next() {
    return this.page.getByRole("navigation", { name: "Pages" }).getByRole("link", { name: "Next →" }).click();
  }
  previous() {
    return this.page.getByRole("navigation", { name: "Pages" }).getByRole("link", { name: "← Previous" }).click();
  }
  async filter({ template, status, sort }: { template?: string; status?: string; sort?: string }) {
    const form = this.filterForm;
    if (template !== undefined) await form.getByLabel("Template").selectOption({ label: template });
    if (status !== undefined) await form.getByLabel("Status").selectOption(status);
    if (sort !== undefined) await form.getByLabel("Order").selectOption({ label: sort });
    await form.getByRole("button", { name: "Apply" }).click();
  }
}
