import type { Page } from "@playwright/test";

/** Settings → Members (/w/<slug>/settings/members): members, roles and invitations. */
export class MembersPage {
  constructor(readonly page: Page) {}

  get inviteForm() {
    return this.page.getByRole("form", { name: "Invite a teammate" });
  }
  /** Fills the invitation form; `send` then sends it. */
  async fillInvitation(email: string, role: string) {
    await this.inviteForm.getByLabel("Email").fill(email);
    await this.inviteForm.getByLabel("Role").selectOption(role);
  }
  send() {
    return this.inviteForm.getByRole("button", { name: "Send invitation" }).click();
  }
  async invite(email: string, role: string) {
    await this.fillInvitation(email, role);
    await this.send();
  }
  get invitationRows() {
    return this.page.getByTestId("invitation-row");
  }
  get memberRows() {
    return this.page.getByTestId("member-row");
  }
  roleOf(email: string) {
    return this.page.getByRole("combobox", { name: `Role of ${email}` });
  }
}
