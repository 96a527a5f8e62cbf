import type { Locator } from "@playwright/test";
import { PagedList } from "./paged-list";

/** An agent's page (/w/<slug>/agents/<id>) with its runs. */
export class AgentPage extends PagedList {
  goto(slug: string, agentId: string, query = "") {
    return this.page.goto(`/w/${slug}/agents/${agentId}${query}`);
  }

  get runFilterForm() {
    return this.page.getByRole("form", { name: "Filter runs" });
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
