import type { Page } from "@playwright/test";

/** A run's page (/w/<slug>/agents/<id>/runs/<runId>): the self-refine iterations. */
export class RunPage {
  constructor(readonly page: Page) {}

  goto(slug: string, agentId: string, runId: string) {
    return this.page.goto(`/w/${slug}/agents/${agentId}/runs/${runId}`);
  }

  get iterationRows() {
    return this.page.getByTestId("iteration-row");
  }
  gateColumn(gate: string) {
    return this.page.getByTestId("iterations-table").getByRole("columnheader", { name: gate });
  }
  get chart() {
    return this.page.locator("figure svg");
  }
}
