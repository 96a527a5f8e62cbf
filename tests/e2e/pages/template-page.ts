import type { Locator, Page } from "@playwright/test";

export type TemplateTab = "Overview" | "Versions" | "Performance" | "Feedback" | "Instances";

/**
 * A template's page (/w/<slug>/templates/<id>), in tabs: Overview (ritual panel, conflicts,
 * probation, health numbers, active directives), Versions (compare, history), Performance (weekly
 * chart, per-version table), Feedback, Instances — each its own URL.
 */
export class TemplatePage {
  constructor(readonly page: Page) {}

  static path(slug: string, templateId: string, tab: TemplateTab = "Overview") {
    return `/w/${slug}/templates/${templateId}${tab === "Overview" ? "" : `/${tab.toLowerCase()}`}`;
  }
  goto(slug: string, templateId: string, query = "", tab: TemplateTab = "Overview") {
    return this.page.goto(`${TemplatePage.path(slug, templateId, tab)}${query}`);
  }
  get tabs() {
    return this.page.getByRole("navigation", { name: "Template sections" });
  }
  tab(name: TemplateTab) {
    return this.tabs.getByRole("link", { name, exact: true });
  }
  /** Opens a tab the way a person does, and waits for its address. */
  async openTab(name: TemplateTab) {
    await this.tab(name).click();
    await this.page.waitForURL(new RegExp(`/templates/[^/?#]+${name === "Overview" ? "" : `/${name.toLowerCase()}`}(\\?|$)`));
    await this.page.waitForFunction((n) => document.querySelector(`nav[aria-label="Template sections"] a[aria-current="page"]`)?.textContent === n, name);
  }

  /** "Active: v2". */
  active(version: number) {
    return this.page.getByText(`Active: v${version}`);
  }
  get activeDirectives() {
    return this.page.getByTestId("active-directives");
  }
  get versionRows() {
    return this.page.getByTestId("version-row");
  }
  versionRow(version: number) {
    return this.page.locator(`[data-testid="version-row"][data-version="${version}"]`);
  }
  async rollBackTo(version: number) {
    await this.versionRows.filter({ hasText: `v${version}` }).getByRole("button", { name: `Roll back to v${version}` }).click();
    await this.page.getByRole("button", { name: "Confirm roll back" }).click();
  }

  /** A metric card ("wakes", "acceptance", "mttr", "quality") and its value. */
  metric(name: string) {
    return this.page.getByTestId(`metric-${name}`);
  }
  metricValue(name: string) {
    return this.metric(name).getByTestId("metric-value");
  }
  windowLink(name: string) {
    return this.page.getByRole("navigation", { name: "Time window" }).getByRole("link", { name });
  }

  get oneOnOneLink() {
    return this.page.getByRole("link", { name: "One-on-one", exact: true });
  }
  get ritualPanel() {
    return this.page.getByTestId("ritual-panel");
  }
  get lastRitual() {
    return this.ritualPanel.getByTestId("last-ritual");
  }
  get ritualStarted() {
    return this.ritualPanel.getByText("Ritual started — you'll be notified when the proposal is ready.");
  }
  /** The reviewer-conflict cards; one by its tool. */
  get conflicts() {
    return this.page.getByTestId("preference-conflict");
  }
  /** Settles a conflict the way a person does: a ruling ("Confirm these", "Our own rule"…) and optional words. */
  async settleConflict(conflict: Locator, ruling: string, words?: string) {
    await conflict.getByLabel(ruling).check();
    if (words) await conflict.getByRole("textbox").fill(words);
    await conflict.getByRole("button", { name: ruling === "Dismiss" ? "Dismiss" : "Settle" }).click();
  }
  runRitualNow() {
    return this.ritualPanel.getByRole("button", { name: "Run ritual now" }).click();
  }

  /** A feedback pattern ("positive", "communication"). */
  pattern(sentiment: string, category: string) {
    return this.page.locator(`[data-testid="feedback-patterns"] [data-sentiment="${sentiment}"][data-category="${category}"]`);
  }
  /** A row of "What people wrote" by its text. */
  writtenItem(text: string) {
    return this.page.getByTestId("written-item").filter({ hasText: text });
  }
  /** A written item's label chip: its sentiment or category select. */
  labelChip(item: Locator, field: "sentiment" | "category") {
    return item.getByTestId(`label-${field}`);
  }
}
