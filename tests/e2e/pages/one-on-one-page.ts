import { expect, type Page } from "@playwright/test";
import { ProposalCard } from "./proposal-card";

/** The one-on-one with a template's improver (/w/<slug>/templates/<id>/one-on-one). */
export class OneOnOnePage {
  constructor(readonly page: Page) {}

  static path(slug: string, templateId: string) {
    return `/w/${slug}/templates/${templateId}/one-on-one`;
  }
  goto(slug: string, templateId: string) {
    return this.page.goto(OneOnOnePage.path(slug, templateId));
  }

  get conversation() {
    return this.page.getByRole("list", { name: "Conversation" });
  }
  get input() {
    return this.page.getByLabel("Message the improver");
  }
  get assistantMessages() {
    return this.page.getByTestId("assistant-message");
  }
  get userMessages() {
    return this.page.getByTestId("user-message");
  }
  get noteChips() {
    return this.page.getByTestId("note-chip");
  }
  get sessionList() {
    return this.page.getByTestId("session-list");
  }
  get cards() {
    return this.page.getByTestId("proposal-card");
  }
  card(index: number) {
    return new ProposalCard(this.cards.nth(index));
  }
  get startButton() {
    return this.page.getByRole("button", { name: "Start a one-on-one" });
  }

  start() {
    return this.startButton.click();
  }
  /** Sends a message the way a person does: type it, press Enter. */
  async send(text: string) {
    await this.input.fill(text);
    await this.input.press("Enter");
  }
  /** Asks the improver to answer the newest message again, replacing its answer. */
  regenerate() {
    return this.page.getByRole("button", { name: "Regenerate" }).click();
  }
  /** The improver's answer is complete (and persisted) once the conversation is no longer busy. */
  async waitForAnswer() {
    await expect(this.conversation).toHaveAttribute("aria-busy", "false", { timeout: 30_000 });
  }
}
