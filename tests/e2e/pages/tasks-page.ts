import { PagedList } from "./paged-list";

/** The tasks list (/w/<slug>/tasks) with its New task form; filters, order and pages in the URL. */
export class TasksPage extends PagedList {
  goto(slug: string, query = "") {
    return this.page.goto(`/w/${slug}/tasks${query}`);
  }
  get filterForm() {
    return this.page.getByRole("form", { name: "Filter tasks" });
  }
  async filter({ status, template, sort }: { status?: string; template?: string; sort?: string }) {
    const form = this.filterForm;
    if (status !== undefined) await form.getByLabel("Status").selectOption({ label: status });
    if (template !== undefined) await form.getByLabel("Template").selectOption({ label: template });
    if (sort !== undefined) await form.getByLabel("Order").selectOption({ label: sort });
    await form.getByRole("button", { name: "Apply" }).click();
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
