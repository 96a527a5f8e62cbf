import type { Page } from "@playwright/test";

/** A task's page (/w/<slug>/tasks/<id>): follows its agent's run live. */
export class TaskPage {
  constructor(readonly page: Page) {}

  goto(slug: string, taskId: string) {
    return this.page.goto(`/w/${slug}/tasks/${taskId}`);
  }

  heading(title: string) {
    return this.page.getByRole("heading", { name: title });
  }
  get waitingForDecision() {
    return this.page.getByRole("heading", { name: "Waiting for a decision" });
  }
  get liveStatus() {
    return this.page.getByTestId("live-status");
  }
  /** The proposals waiting for a decision, each a card with Confirm / Reject / Defer. */
  get proposals() {
    return this.page.getByTestId("inbox-item");
  }
  proposal(text: string | RegExp) {
    return this.proposals.filter({ hasText: text });
  }
  /** The form that opens under a proposal's Reject button. */
  rejectForm(item = this.proposals) {
    return item.getByRole("form", { name: "Reject with a reason" });
  }
  get checklistHeading() {
    return this.page.getByRole("heading", { name: "Checklist" });
  }
}
