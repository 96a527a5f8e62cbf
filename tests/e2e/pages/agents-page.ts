import { PagedList } from "./paged-list";

/** The agents list (/w/<slug>/agents): filters, order and pages in the URL. */
export class AgentsPage extends PagedList {
  goto(slug: string, query = "") {
    return this.page.goto(`/w/${slug}/agents${query}`);
  }
  get rows() {
    return this.page.getByTestId("agent-row");
  }
  get filterForm() {
    return this.page.getByRole("form", { name: "Filter agents" });
  }
  async filter({ template, status, sort }: { template?: string; status?: string; sort?: string }) {
    const form = this.filterForm;
    if (template !== undefined) await form.getByLabel("Template").selectOption({ label: template });
    if (status !== undefined) await form.getByLabel("Status").selectOption(status);
    if (sort !== undefined) await form.getByLabel("Order").selectOption({ label: sort });
    await form.getByRole("button", { name: "Apply" }).click();
  }
}
