import type { Page } from "@playwright/test";
import { ProposalCard } from "./proposal-card";

/** The review of a weekly ritual (/w/<slug>/rituals/<sessionId>). */
export class RitualReviewPage {
  constructor(readonly page: Page) {}

  get header() {
    return this.page.getByTestId("ritual-header");
  }
  get status() {
    return this.page.getByTestId("ritual-status");
  }
  get outcome() {
    return this.page.getByTestId("ritual-outcome");
  }
  get decideBy() {
    return this.page.getByTestId("decide-by");
  }
  /** A part of the classified feedback: "negative", "categories", "patterns", "totals". */
  feedback(part: string) {
    return this.page.getByTestId(`ritual-feedback-${part}`);
  }
  get hypotheses() {
    return this.page.getByTestId("ritual-notes").locator('[data-kind="hypothesis"]');
  }
  get cards() {
    return this.page.getByTestId("proposal-card");
  }
  get card() {
    return new ProposalCard(this.cards);
  }
}
