import type { Page } from "@playwright/test";

/** The workspace dashboard (/w/<slug>) and the navigation every workspace page shares. */
export class WorkspacePage {
  constructor(readonly page: Page) {}

  goto(slug: string) {
    return this.page.goto(`/w/${slug}`);
  }

  get currentWorkspace() {
    return this.page.getByTestId("current-workspace");
  }
  /** The app shell's bell; its accessible name says how many notifications are open. */
  get bell() {
    return this.page.getByTestId("notification-bell");
  }
  get currentRole() {
    return this.page.getByTestId("current-role");
  }
  /** A link of the workspace navigation ("Members", "Templates", "Tasks"…). */
  navLink(name: string | RegExp, exact = false) {
    return this.page.getByRole("link", { name, exact });
  }
  get healthRows() {
    return this.page.getByTestId("template-health-row");
  }
  healthRow(templateName: string) {
    return this.healthRows.filter({ hasText: templateName });
  }
  /** Opens a template from its health row. */
  openTemplate(name: string) {
    return this.healthRows.getByRole("link", { name, exact: true }).click();
  }
}
