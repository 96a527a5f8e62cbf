import { expect, test } from "./support/fixtures";

test("template dashboard: metrics, charts, instances, versions and feedback; workspace health", async ({ app, signIn, dashboardWorkspace: data }) => {
  test.setTimeout(90_000);
  const { page, template } = app;
  await signIn(data.owner.email);
  const base = `/w/${data.workspace.slug}`;

  await template.goto(data.workspace.slug, data.template.id, "?window=30");
  await expect(page.getByRole("heading", { name: "Release Planner" })).toBeVisible();
  await expect(template.windowLink("30 days")).toHaveAttribute("aria-current", "page");

  // Metric cards for the last 30 days.
  await expect(template.metricValue("wakes")).toHaveText("9");
  await expect(template.metricValue("acceptance")).toHaveText("75%");
  await expect(template.metric("acceptance")).toContainText("3 confirmed · 1 rejected");
  await expect(template.metricValue("mttr")).toHaveText("4 h");
  await expect(template.metric("quality").locator("[data-trend]")).toHaveAttribute("data-tone", "good");

  // Each section is a tab with its own address; the window carries over.
  await template.openTab("Instances");
  await expect(page).toHaveURL(/\/instances\?window=30$/);
  await expect(template.windowLink("30 days")).toHaveAttribute("aria-current", "page");
  await expect(page.getByTestId("growth-card")).toContainText("This week");
  await expect(page.getByTestId("active-instance-row")).toHaveCount(4);
  // An agent named after its task reads as a short id beside the task (not the title twice), on
  // one line; the task column takes the room the others leave.
  const firstAgent = page.getByTestId("active-instances").locator(`a[href="${base}/agents/${data.agents[0].id}"]`);
  await expect(firstAgent).toHaveText(`Agent ${data.agents[0].id.slice(-6)}`);
  await expect(page.getByTestId("active-instances").getByRole("link", { name: "Plan the 4.2 release" })).toBeVisible();
  await page.setViewportSize({ width: 1280, height: 800 });
  for (const cell of await page.getByTestId("instance-agent").all()) expect((await cell.boundingBox())!.height, "the agent's name on one line").toBeLessThan(48);
  for (const cell of await page.getByTestId("active-instances").locator("td[title]").all()) {
    expect(await cell.evaluate((td) => td.scrollWidth <= td.clientWidth), "the task's title is not cut at 1280 px").toBe(true);
  }
  await page.screenshot({ caret: "initial", path: "test-results/screens/template-instances.png", fullPage: true });

  // Per-version chart (recharts draws an svg, loaded after the page) with version markers, its data table, and per-version totals.
  await template.openTab("Performance");
  const chart = page.getByTestId("version-chart");
  await expect(chart.locator("svg").first()).toBeVisible();
  await expect(chart.locator(".recharts-line")).toHaveCount(3);
  // The chart follows the selected window (30 days, in 7-day periods): v3 (12 days ago) starts in
  // it, v2 (35 days ago) before it.
  await expect(chart.locator(".recharts-reference-line")).toHaveCount(1);
  await expect(page.getByTestId("version-chart-table").locator("tbody tr")).toHaveCount(5);
  await template.windowLink("90 days").click();
  await expect(page).toHaveURL(/\/performance\?window=90$/);
  await expect(chart.locator(".recharts-reference-line")).toHaveCount(2);
  await expect(page.getByTestId("version-chart-table").locator("tbody tr")).toHaveCount(13);
  await template.windowLink("30 days").click();
  await expect(page).toHaveURL(/\/performance\?window=30$/);
  await expect(page.getByTestId("version-performance-row")).toHaveCount(3);
  await expect(page.getByTestId("version-performance-row").first()).toHaveAttribute("data-version", "3");

  // Feedback breakdown: stacked bars and the cross-agent pattern.
  await template.openTab("Feedback");
  await expect(page.getByTestId("feedback-chart").locator("svg").first()).toBeVisible();
  // 4 negative observations from the fixture + what the write-time rules made of its rows in the
  // window: the rejected estimate and a run scored below 0.7.
  await expect(page.getByTestId("feedback-negative")).toHaveText("6");
  await expect(page.getByTestId("feedback-patterns")).toContainText("accuracy");
  // The fixture's 3 agents plus the one whose rejected estimate the write-time rules classified.
  await expect(page.getByTestId("feedback-patterns")).toContainText("4 agents");

  // Sections collapse natively.
  const section = page.getByTestId("dashboard-feedback");
  await section.locator("summary").click();
  await expect(section).not.toHaveAttribute("open", "");

  // The other tabs: versions, and the overview's directives.
  await template.openTab("Versions");
  await expect(template.versionRows).toHaveCount(3);
  // Every row's actions line up, v1's as the rest ("Changes" at the same right edge, the buttons at the same left).
  const rightOf = async (n: number) => {
    const box = (await template.versionRow(n).getByRole("link", { name: "Changes" }).boundingBox())!;
    return Math.round(box.x + box.width);
  };
  expect(new Set(await Promise.all([1, 2, 3].map(rightOf))).size, "Changes at one right edge").toBe(1);
  const buttonLeft = async (n: number) => Math.round((await template.versionRow(n).getByTestId("version-actions").getByRole("button").first().boundingBox())!.x);
  expect(await buttonLeft(1)).toBe(await buttonLeft(2));
  await page.screenshot({ caret: "initial", path: "test-results/screens/template-versions.png", fullPage: true });
  await template.openTab("Overview");
  await expect(template.activeDirectives).toContainText("Keep estimates honest.");
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.screenshot({ caret: "initial", path: "test-results/screens/template-overview.png", fullPage: true });

  // The window is a link: 7 days.
  await template.windowLink("7 days").click();
  await expect(page).toHaveURL(/window=7/);
  await expect(template.metricValue("wakes")).toHaveText("2");

  // A template without classified feedback says so.
  await template.goto(data.workspace.slug, data.quiet.id, "", "Feedback");
  await expect(page.getByText("No classified feedback yet for this window")).toBeVisible();

  // Workspace dashboard: each template's health at a glance.
  await app.workspace.goto(data.workspace.slug);
  const row = app.workspace.healthRow("Release Planner");
  await expect(row).toBeVisible();
  await expect(row.getByTestId("health-quality")).not.toHaveText("—");
  await expect(row.getByTestId("health-acceptance")).toHaveText("100%");
  await expect(page.getByText(/1 agent proposal waits for a decision/)).toBeVisible();
  await page.screenshot({ caret: "initial", path: "test-results/screens/workspace-dashboard.png", fullPage: true });

  // The figures above are shared with everyone viewing the workspace for a moment, yet a person's
  // own decision shows at once: confirm the waiting proposal, and acceptance counts it.
  // (The e2e server keeps cached figures for a minute, READ_CACHE_TTL_MS in playwright.config.ts,
  // so the overview seen above is still cached here.)
  await app.inbox.goto(data.workspace.slug);
  await expect(app.inbox.items).toHaveCount(1);
  // Words, not identifiers: the tool and its value as people say them.
  await expect(app.inbox.items).not.toContainText(/propose_|in_progress|_/);
  await app.inbox.items.getByRole("button", { name: "Confirm" }).click();
  await expect(page.getByText(/1 item confirmed/)).toBeVisible();
  await template.goto(data.workspace.slug, data.template.id, "?window=30");
  await expect(template.metric("acceptance")).toContainText("4 confirmed · 1 rejected");
  await expect(template.metricValue("acceptance")).toHaveText("80%");
});
