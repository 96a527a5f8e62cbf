import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import { createHmac } from "node:crypto";
import { makeWorkspace } from "../factories";
import { expect, test } from "./support/fixtures";

// Settings → Webhooks as an admin uses it, on the production build: add an endpoint, send a test
// event, and see it arrive — signed with the secret the page shows — first failing, then retried
// (the delivery log shows the codes); members see no secret and only the URL's origin.

test("an admin adds a webhook, sends a test event, and the log shows it delivered; members see no secret", async ({ app, signIn, asUser, db }) => {
  const { page } = app;
  const { workspace, owner, members } = await makeWorkspace({ roles: ["member"] }, db);
  const received: { headers: IncomingMessage["headers"]; body: string }[] = [];
  const receiver = createServer((req, res) => {
    let body = "";
    req.on("data", (c) => (body += c));
    req.on("end", () => {
      received.push({ headers: req.headers, body });
      res.writeHead(received.length === 1 ? 503 : 200, received.length === 1 ? { "retry-after": "1" } : {}).end();
    });
  });
  await new Promise<void>((r) => receiver.listen(0, "127.0.0.1", r));
  const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks/agent-coach?token=s3cret`;
  try {
    await signIn(owner.email);
    await page.goto(`/w/${workspace.slug}/settings/webhooks`);
    await page.getByLabel("URL", { exact: true }).fill(url);
    await page.getByLabel("Description", { exact: true }).fill("Ops service");
    await page.getByLabel(/Probation: graduated/).uncheck();
    await page.getByRole("button", { name: "Add webhook" }).click();
    const hook = page.getByTestId("webhook").filter({ hasText: "Ops service" });
    await expect(hook).toBeVisible();
    await expect(hook).toContainText("Signed JSON");
    await expect(hook).not.toContainText("Probation: graduated");
    const secret = (await hook.getByTestId("webhook-secret").innerText()).trim();
    expect(secret).toMatch(/^whsec_/);

    await hook.getByRole("button", { name: "Send test event" }).click();
    // The first attempt gets a 503; the workflow retries it (30 s at the least) and the second is delivered.
    await expect.poll(() => received.length, { timeout: 90_000 }).toBeGreaterThanOrEqual(2);
    const [first, second] = received;
    expect(second.headers["webhook-id"]).toBe(first.headers["webhook-id"]);
    const signed = `${second.headers["webhook-id"]}.${second.headers["webhook-timestamp"]}.${second.body}`;
    expect(second.headers["webhook-signature"]).toBe(`v1,${createHmac("sha256", Buffer.from(secret.slice(6), "base64")).update(signed).digest("base64")}`);
    expect(JSON.parse(second.body)).toMatchObject({ type: "webhook.test", data: { workspace: { slug: workspace.slug } } });

    await expect(async () => {
      await page.reload();
      await expect(hook.getByTestId("webhook-delivery").first()).toHaveAttribute("data-status", "delivered");
    }).toPass({ timeout: 30_000 });
    await expect(hook.getByTestId("webhook-delivery-codes").first()).toHaveText("2 attempts: 503 → 200");

    // A member: the log, but neither the secret nor the URL's path and token.
    const member = await asUser(members.member.email);
    await member.page.goto(`/w/${workspace.slug}/settings/webhooks`);
    const seen = member.page.getByTestId("webhook");
    await expect(seen).toContainText("Ops service");
    await expect(seen.getByTestId("webhook-secret")).toHaveCount(0);
    await expect(seen.getByRole("button", { name: "Send test event" })).toHaveCount(0);
    expect(await member.page.content()).not.toContain("s3cret");
  } finally {
    receiver.close();
  }
});
