import { expect, test } from "@playwright/test";

test("npm run dev with nothing configured: the demo user signs in through the development mailbox", async ({ page }) => {
  await page.goto("/w/demo");
  await expect(page).toHaveURL(/\/sign-in\?callbackUrl=%2Fw%2Fdemo/);
  await expect(page.getByText("Development mode: emails land in the")).toBeVisible();

  await page.getByLabel("Email").fill("demo@agent-coach.local");
  await page.getByRole("button", { name: "Email me a sign-in link" }).click();
  await expect(page.getByRole("heading", { name: "Check your email" })).toBeVisible();

  await page.getByRole("link", { name: "Open the development mailbox" }).click();
  const mail = page.getByTestId("mail").filter({ hasText: "Sign in to Agent Coach" }).first();
  await expect(mail).toHaveAttribute("data-to", "demo@agent-coach.local");
  await mail.getByRole("link", { name: "Sign in", exact: true }).click();

  await expect(page).toHaveURL(/\/w\/demo$/);
  await expect(page.getByTestId("current-workspace")).toHaveText("Demo Workspace");
  await expect(page.getByTestId("current-role")).toHaveText("owner");
  await page.getByRole("link", { name: "Members" }).click();
  await expect(page.getByTestId("member-row")).toHaveCount(4); // the seeded team

  // The seeded agents domain: two templates with history, proposals waiting in the inbox.
  await page.getByRole("link", { name: "Templates" }).click();
  // Two task templates, plus the improver (level 1) and meta-improver (level 2) templates behind the rituals.
  await expect(page.locator('[data-testid="template-row"][data-level="0"]')).toHaveCount(2);
  await expect(page.getByTestId("template-row")).toHaveCount(4);
  await page.getByRole("link", { name: /Decisions/ }).click();
  await expect(page.getByTestId("inbox-item").first()).toBeVisible();

  // No provider configured: Settings → Models says the built-in model is active.
  await page.getByRole("link", { name: "Models" }).click();
  await expect(page.getByText("Built-in deterministic model").first()).toBeVisible();
});
