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
  /** Open proposals of the run, each a card with Confirm / Reject / Defer. */
  get proposals() {
    return this.page.getByTestId("inbox-item");
  }
  proposal(text: string | RegExp) {
    return this.proposals.filter({ hasText: text });
  }
  get decidedProposals() {
    return this.page.getByTestId("decided-item");
  }
  get rating() {
    return this.page.getByTestId("run-rating");
  }
  async rate(value: string) {
    await this.rating.getByRole("slider", { name: "Rating" }).fill(value);
    await this.rating.getByRole("button", { name: "Save rating" }).click();
  }
  /** The run's timeline: one step per thing that happened, `data-kind` names it. */
  get timeline() {
    return this.page.getByTestId("run-timeline");
  }
  timelineStep(kind: "queued" | "started" | "iteration" | "proposals" | "report" | "observations" | "finished" | "running") {
    return this.timeline.locator(`[data-testid="timeline-step"][data-kind="${kind}"]`);
  }
  /** "Report and observations": the run's report (formatted Markdown) and what it observed. */
  get report() {
    return this.page.getByTestId("run-report");
  }
  get chart() {
    return this.page.locator("figure svg");
  }
}
