import type { Page } from "@playwright/test";

/** The tasks list (/w/<slug>/tasks) with its New task form. */
export class TasksPage {
  constructor(readonly page: Page) {}

  goto(slug: string) {
    return this.page.goto(`/w/${slug}/tasks`);
  }

  get newTaskForm() {
    return this.page.getByRole("form", { name: "New task" });
  }
  get rows() {
    return this.page.getByTestId("task-row");
  }
  async createTask(task: { title: string; template: string; description: string }) {
    const form = this.newTaskForm;
    await form.getByLabel("Title").fill(task.title);
    await form.getByLabel("Agent template").selectOption({ label: task.template });
    await form.getByLabel("Description").fill(task.description);
    await form.getByRole("button", { name: "Create task" }).click();
  }
}
