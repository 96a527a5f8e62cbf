import type { Locator, Page } from "@playwright/test";

/** An agent's page (/w/<slug>/agents/<id>) with its runs. */
export class AgentPage {
  constructor(readonly page: Page) {}

  goto(slug: string, agentId: string) {
    return this.page.goto(`/w/${slug}/agents/${agentId}`);
  }

  get runRows() {
    return this.page.getByTestId("run-row");
  }
  get ratingSliders() {
    return this.page.getByRole("slider", { name: "Rating" });
  }
  async rate(row: Locator, rating: string) {
    await row.getByRole("slider", { name: "Rating" }).fill(rating);
    await row.getByRole("button", { name: "Save rating" }).click();
  }
}
