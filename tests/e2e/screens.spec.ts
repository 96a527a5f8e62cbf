import type { Page } from "@playwright/test";
import { expect, test } from "./support/fixtures";

// Every main page at a laptop's 1280×800 and a phone's 390×844: it renders its heading, nothing
// is wider than the screen (no sideways scrolling on a phone), and a screenshot of each is kept
// under test-results/screens/ for review. On the phone the sidebar is a menu that opens over the page.

const SIZES = { desktop: { width: 1280, height: 800 }, mobile: { width: 390, height: 844 } } as const;

/** How far the page is wider than the viewport (0 when it fits). */
async function overflow(page: Page) {
  return page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
}

for (const [size, viewport] of Object.entries(SIZES)) {
  test(`main pages at ${viewport.width}×${viewport.height} (${size}): a heading, no sideways scroll`, async ({ app, signIn, dashboardWorkspace: data }) => {
    test.setTimeout(150_000);
    const { page } = app;
    await page.setViewportSize(viewport);
    await signIn(data.owner.email);
    const base = `/w/${data.workspace.slug}`;
    const template = `${base}/templates/${data.template.id}`;
    const pages: [name: string, path: string][] = [
      ["dashboard", base],
      ["templates", `${base}/templates`],
      ["template", template],
      ["template-versions", `${template}/versions`],
      ["template-performance", `${template}/performance`],
      ["template-feedback", `${template}/feedback`],
      ["template-instances", `${template}/instances`],
      ["one-on-one", `${template}/one-on-one`],
      ["agents", `${base}/agents`],
      ["agent", `${base}/agents/${data.agents[0].id}`],
      ["tasks", `${base}/tasks`],
      ["inbox", `${base}/inbox`],
      ["search", `${base}/search?q=release`],
      ["notifications", `${base}/notifications`],
      ["members", `${base}/settings/members`],
      ["usage", `${base}/settings/usage`],
    ];
    for (const [name, path] of pages) {
      await test.step(name, async () => {
        const res = await page.goto(path);
        expect(res?.status(), path).toBe(200);
        await expect(page.locator("main h1").first()).toBeVisible();
        await page.waitForLoadState("networkidle");
        expect.soft(await overflow(page), `${name} is wider than the screen`).toBeLessThanOrEqual(0);
        await page.screenshot({ caret: "initial", path: `test-results/screens/${size}-${name}.png`, fullPage: true });
      });
    }

    if (size === "mobile") {
      await test.step("the menu opens over the page, navigates and closes", async () => {
        await page.goto(base);
        const nav = page.getByRole("navigation", { name: "Workspace" });
        await expect(nav).toBeHidden();
        await page.getByRole("button", { name: "Open menu" }).click();
        await expect(nav).toBeVisible();
        await page.screenshot({ caret: "initial", path: "test-results/screens/mobile-menu.png" });
        await nav.getByRole("link", { name: "Agents" }).click();
        await expect(page).toHaveURL(new RegExp(`${base}/agents$`));
        await expect(nav).toBeHidden();
        await page.getByRole("button", { name: "Open menu" }).click();
        await page.keyboard.press("Escape");
        await expect(nav).toBeHidden();
      });
    } else {
      await expect(page.getByRole("button", { name: "Open menu" })).toBeHidden();
      await expect(page.getByRole("navigation", { name: "Workspace" })).toBeVisible();
    }
    // One bell, in both layouts.
    await expect(page.getByTestId("notification-bell")).toBeVisible();
  });
}

test("the app has a favicon, a home-screen icon and a manifest", async ({ app, request }) => {
  await app.page.goto("/sign-in");
  const icons = app.page.locator('head link[rel="icon"], head link[rel="apple-touch-icon"], head link[rel="manifest"]');
  await expect(icons).toHaveCount(3);
  for (const href of await icons.evaluateAll((links) => links.map((l) => l.getAttribute("href")!))) {
    const res = await request.get(href);
    expect(res.status(), href).toBe(200);
  }
  // Asked for by browsers on pages that name no icon (a 404 page): it leads to the icon, never a 404.
  const favicon = await request.get("/favicon.ico");
  expect(favicon.status()).toBe(200);
  expect(favicon.headers()["content-type"]).toContain("image/svg+xml");
  const apple = await request.get("/apple-icon");
  expect(apple.headers()["content-type"]).toBe("image/png");
  const manifest = (await (await request.get("/manifest.webmanifest")).json()) as { name: string; icons: { src: string }[] };
  expect(manifest.name).toBe("Agent Coach");
  expect(manifest.icons.map((i) => i.src)).toEqual(["/icon.svg", "/apple-icon"]);
});
