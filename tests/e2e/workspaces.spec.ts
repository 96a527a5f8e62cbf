import type { App } from "./pages";
import { replayServerAction, recordServerAction, type RecordedAction } from "./support/actions";
import { signInByEmail } from "./support/auth";
import { expect, test } from "./support/fixtures";
import { countMail, waitForLink } from "./support/mail";

const stamp = Date.now().toString(36);
const owner = `owner-${stamp}@example.test`;
const teammate = `teammate-${stamp}@example.test`;
const viewer = `viewer-${stamp}@example.test`;
const outsider = `outsider-${stamp}@example.test`;
const INVITE_SUBJECT = /invited you to/;
const INVITE_LINK = /http:\/\/localhost:\d+\/invite\/[A-Za-z0-9_-]+/;

/** Follows the latest invitation to `email` in a fresh browser, signs in there and accepts. */
async function joinByInvitation(app: App, email: string) {
  const link = await waitForLink(email, { subject: INVITE_SUBJECT, link: INVITE_LINK, nth: await countMail(email, INVITE_SUBJECT) });
  await app.page.goto(link);
  await expect(app.invitation.joinHeading).toBeVisible();
  await signInByEmail(app.page, email, { fromCurrentPage: true });
  await expect(app.page).toHaveURL(/\/invite\//); // back on the invitation, now signed in
  await app.invitation.accept();
  await expect(app.page).toHaveURL(/\/w\/[a-z0-9-]+$/);
  return app;
}

test("sign in, create a workspace, invite teammates by email, roles and isolation", async ({ app, signIn, browse, asUser }) => {
  const { page, workspace, members } = app;
  let slug = "";
  let invite: RecordedAction;

  await test.step("first sign-in by magic link creates a workspace owned by the user", async () => {
    await signIn(owner);
    await expect(page).toHaveURL(/\/w\/[a-z0-9-]+$/);
    slug = new URL(page.url()).pathname.split("/")[2];
    await expect(workspace.currentWorkspace).toHaveText(`owner-${stamp}'s workspace`);
    await expect(workspace.currentRole).toHaveText("Owner");
  });

  await test.step("the owner invites a member and a viewer by email", async () => {
    await workspace.navLink("Members").click();
    await members.fillInvitation(teammate, "member");
    invite = await recordServerAction(page, () => members.send());
    await expect(page.getByText(`Invitation sent to ${teammate}.`)).toBeVisible();

    await members.invite(viewer, "viewer");
    await expect(page.getByText(`Invitation sent to ${viewer}.`)).toBeVisible();
    await expect(members.invitationRows).toHaveCount(2);
    await page.screenshot({ caret: "initial", path: "test-results/screens/members-owner.png", fullPage: true });
  });

  await test.step("the teammate follows the invite link, signs in and joins as member", async () => {
    const mate = await joinByInvitation(await browse(), teammate);
    await expect(mate.workspace.currentWorkspace).toHaveText(`owner-${stamp}'s workspace`);
    await expect(mate.workspace.currentRole).toHaveText("Member");
    // The invitation is single use: the link now says so.
    const link = await waitForLink(teammate, { subject: INVITE_SUBJECT, link: INVITE_LINK, nth: 1 });
    await mate.page.goto(link);
    await expect(mate.page.getByText("This invitation has already been used.")).toBeVisible();
    await mate.page.context().close();
  });

  await test.step("a viewer joins, sees no way to invite, and the invite action refuses with 403", async () => {
    const v = await joinByInvitation(await browse(), viewer);
    await expect(v.workspace.currentRole).toHaveText("Viewer");
    await expect(v.workspace.navLink("Invite teammates")).toHaveCount(0);
    await v.workspace.navLink("Members").click();
    await expect(v.page.getByRole("heading", { name: "Members", level: 1 })).toBeVisible();
    await expect(v.members.inviteForm).toHaveCount(0);
    await expect(v.page.getByRole("combobox")).toHaveCount(0); // no role pickers
    await v.page.screenshot({ caret: "initial", path: "test-results/screens/members-viewer.png", fullPage: true });

    const result = await replayServerAction(v.page.request, invite, [{ workspaceSlug: slug, email: `sneaky-${stamp}@example.test`, role: "admin" }]);
    expect(result).toMatchObject({ ok: false, error: { status: 403, code: "FORBIDDEN" } });
    await v.page.context().close();
  });

  await test.step("a user of another workspace gets 404 for the page and for the actions", async () => {
    const { page: o } = await asUser(outsider);
    await expect(o).toHaveURL(/\/w\/[a-z0-9-]+$/);
    for (const path of [`/w/${slug}`, `/w/${slug}/settings/members`]) {
      const res = await o.goto(path);
      expect(res?.status(), path).toBe(404);
      await expect(o.getByRole("heading", { name: "Not found" })).toBeVisible();
    }
    const result = await replayServerAction(o.request, invite, [{ workspaceSlug: slug, email: `x-${stamp}@example.test`, role: "member" }]);
    expect(result).toMatchObject({ ok: false, error: { status: 404 } });
    await o.context().close();
  });

  await test.step("the owner sees both teammates with their roles", async () => {
    await page.reload();
    await expect(members.memberRows).toHaveCount(3);
    await expect(members.roleOf(teammate)).toHaveValue("member");
    await expect(members.roleOf(viewer)).toHaveValue("viewer");
    await expect(members.invitationRows).toHaveCount(0);
  });
});

test("the development mailbox does not exist in production", async ({ page }) => {
  const res = await page.goto("/dev/mailbox");
  expect(res?.status()).toBe(404);
});

test("signed-out visitors are sent to sign-in and come back where they were going", async ({ app }) => {
  const { page } = app;
  await page.goto("/workspaces/new");
  await expect(page).toHaveURL(/\/sign-in\?callbackUrl=%2Fworkspaces%2Fnew/);

  // Bad input gets a clear message next to the field (the browser check is bypassed on purpose).
  await app.signIn.email.fill("not an email");
  await page.locator("form").evaluate((form: HTMLFormElement) => (form.noValidate = true));
  await app.signIn.submit();
  await expect(page.getByText("Enter a valid email address.")).toBeVisible();

  await signInByEmail(page, `creator-${stamp}@example.test`, { fromCurrentPage: true });
  await expect(page).toHaveURL(/\/workspaces\/new$/);
  await page.getByLabel("Name").fill("Acme Support");
  await page.getByRole("button", { name: "Create workspace" }).click();
  await expect(page).toHaveURL(/\/w\/acme-support(-[0-9a-f]+)?$/);
  await expect(app.workspace.currentWorkspace).toHaveText("Acme Support");
  await expect(app.workspace.currentRole).toHaveText("Owner");
});
