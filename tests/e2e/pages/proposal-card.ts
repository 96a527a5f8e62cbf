import type { Locator } from "@playwright/test";

/** A proposal of new directives, as the one-on-one and the ritual review show it. */
export class ProposalCard {
  constructor(readonly root: Locator) {}

  get diff() {
    return this.root.getByTestId("proposal-diff");
  }
  get rating() {
    return this.root.getByRole("slider");
  }
  /** A button of the card; `exact` where a name is the prefix of another ("Approve", "Approve & …"). */
  button(name: string, exact = false) {
    return this.root.getByRole("button", { name, exact });
  }

  /** Opens the approval form and sets the rating; `confirm` then approves. */
  async startApproval(rating: string) {
    await this.button("Approve", true).click();
    await this.rating.fill(rating);
  }
  /** Approves with `rating` through the form's `confirm` button ("Approve & finish session", "Approve with this rating"). */
  async approve(rating: string, confirm: string) {
    await this.startApproval(rating);
    await this.button(confirm).click();
  }
  /** The approval form's "what changed?" field of a reversal with no new evidence. */
  get reversalReason() {
    return this.root.getByLabel(/It reverses a recent change with no new feedback/);
  }
  async rejectWithReason(reason: string) {
    await this.button("Reject", true).click();
    await this.root.getByLabel(/Why not\?/).fill(reason);
    await this.button("Reject with reason").click();
  }
}
