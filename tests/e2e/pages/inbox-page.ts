import { PagedList } from "./paged-list";

/** The decision inbox (/w/<slug>/inbox): agents' proposals waiting for a person. */
export class InboxPage extends PagedList {
  goto(slug: string, query = "") {
    return this.page.goto(`/w/${slug}/inbox${query}`);
  }

  get items() {
    return this.page.getByTestId("inbox-item");
  }
  /** Items whose text matches every filter, in order. */
  item(...texts: (string | RegExp)[]) {
    return texts.reduce((items, hasText) => items.filter({ hasText }), this.items);
  }
  get filterForm() {
    return this.page.getByRole("form", { name: "Filter decisions" });
  }
  /** The nav's count of pending items ("1,000+"). */
  get badge() {
    return this.page.getByTestId("inbox-badge");
  }
  get filter() {
    return this.page.getByTestId("inbox-filter");
  }
  /** The form that opens under an item's Reject button. */
  rejectForm(item = this.items) {
    return item.getByRole("form", { name: "Reject with a reason" });
  }
}
