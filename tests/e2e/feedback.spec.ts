import { expect, test } from "./support/fixtures";
import { COMPLAINT, PRAISE } from "./support/scenarios/feedback";

test("written feedback is labeled by the classifier: praise shows as praise, never among complaints", async ({ app, signIn, feedbackWorkspace: data }) => {
  test.setTimeout(90_000);
  const { page, template } = app;
  await signIn(data.owner.email);
  await template.goto(data.workspace.slug, data.template.id, "", "Feedback");
  await expect(page.getByRole("heading", { name: "Support Replies" })).toBeVisible();

  // The agents' notes were written a moment ago: the classifier labels them (the background job
  // within a minute, or at once when someone asks).
  await page.getByRole("button", { name: "Classify new feedback" }).click();
  await expect(page.getByRole("status").filter({ hasText: "feedback items classified" })).toBeVisible();
  await page.reload();
  // Nothing is left waiting for the classifier.
  await expect(page.getByTestId("feedback-waiting")).toHaveCount(0);

  await expect(page.getByTestId("feedback-positive")).toHaveText("3");
  await expect(page.getByTestId("feedback-negative")).toHaveText("1");
  const praise = page.locator('[data-sentiment="positive"][data-category="communication"]');
  await expect(praise).toContainText("3 agents");
  const written = praise.getByTestId("pattern-written");
  await expect(written).toContainText("What people wrote");
  for (const text of PRAISE) await expect(written).toContainText(`“${text}”`);
  // No praise under a negative pattern, and no heading that calls it a complaint.
  for (const text of PRAISE) await expect(page.locator('[data-sentiment="negative"]').filter({ hasText: text })).toHaveCount(0);
  await expect(page.getByText(/complaints/i)).toHaveCount(0);
  await expect(praise).not.toContainText(COMPLAINT);
  await page.screenshot({ caret: "initial", path: "test-results/screens/template-feedback.png", fullPage: true });
});

test("a member fixes labels from the Feedback tab with the keyboard and the pattern moves", async ({ app, signIn, feedbackWorkspace: data }) => {
  test.setTimeout(120_000);
  const { page, template } = app;
  await signIn(data.owner.email);
  await template.goto(data.workspace.slug, data.template.id, "", "Feedback");
  await page.getByRole("button", { name: "Classify new feedback" }).click();
  await expect(page.getByRole("status").filter({ hasText: "feedback items classified" })).toBeVisible();
  await page.reload();
  await expect(template.pattern("positive", "communication")).toContainText("3 agents");
  await expect(template.pattern("positive", "accuracy")).toHaveCount(0);

  // Each praise is about the facts, says the team: its category chip, reached by Tab, set by a key.
  for (const text of PRAISE) {
    const row = template.writtenItem(text);
    await row.getByRole("checkbox").focus();
    await page.keyboard.press("Tab"); // the sentiment chip
    await expect(template.labelChip(row, "sentiment")).toBeFocused();
    await page.keyboard.press("Tab"); // the category chip
    const category = template.labelChip(row, "category");
    await expect(category).toBeFocused();
    await page.keyboard.press("a"); // "accuracy"
    await expect(category).toHaveValue("accuracy");
    await expect(row.getByTestId("label-confidence")).toHaveText("set by a person");
    await expect(category).toBeEnabled(); // saved
  }
  // The pattern moved: the same three agents now under positive / accuracy; counts unchanged.
  await page.reload();
  await expect(template.pattern("positive", "accuracy")).toContainText("3 agents");
  await expect(template.pattern("positive", "communication")).toHaveCount(0);
  await expect(page.getByTestId("feedback-positive")).toHaveText("3");
  for (const text of PRAISE) await expect(template.labelChip(template.writtenItem(text), "category")).toHaveValue("accuracy");
});

test("Check labels: least sure first; 1–3 and a letter fix a label, Enter confirms one (and its identical copy), j / k move; checked items leave the queue", async ({ app, signIn, labelQueueWorkspace: data }) => {
  const { page, labels } = app;
  await signIn(data.owner.email);
  await labels.goto(data.workspace.slug);
  await expect(labels.waiting).toHaveText("4 waiting"); // items: two agents wrote "Bulk: …"
  await expect(labels.legend).toContainText("next / previous");
  await expect(labels.items).toHaveText([/Yes, go ahead\./, /Fine, whatever\./, /Bulk: not relevant any more/]);
  await expect(labels.item("Bulk: not relevant any more").getByTestId("queue-item-identical")).toHaveText("×2");
  await expect(labels.current).toContainText("Yes, go ahead.");

  // "Yes, go ahead." is a positive verdict in general: 1, then g (the next item is selected).
  await page.keyboard.press("1");
  await expect(labels.current.getByTestId("label-sentiment")).toHaveValue("positive");
  await page.keyboard.press("g");
  await expect(labels.item("Yes, go ahead.").getByTestId("queue-item-state")).toHaveText("corrected · set by a person");
  await expect(labels.current).toContainText("Fine, whatever.");
  // j skips "Fine, whatever."; Enter confirms "Bulk: not relevant any more"; k goes back.
  await page.keyboard.press("j");
  await expect(labels.current).toContainText("Bulk: not relevant any more");
  await page.keyboard.press("Enter");
  await expect(labels.item("Bulk: not relevant any more").getByTestId("queue-item-state")).toHaveText("confirmed · set by a person · with 1 identical item");
  await page.keyboard.press("k");
  await expect(labels.current).toContainText("Fine, whatever.");

  await page.reload();
  await expect(labels.waiting).toHaveText("1 waiting");
  await expect(labels.items).toHaveText([/Fine, whatever\./]);
});
