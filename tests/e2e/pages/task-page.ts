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
  get checklistHeading() {
    return this.page.getByRole("heading", { name: "Checklist" });
  }
}
