import { describe, expect, it } from "vitest";
import { isPrivateAddress, webhookUrlProblem } from "@/features/webhooks/server/address-policy";
import { webhookPayload } from "@/features/webhooks/server/payload";
import { newWebhookSecret, signWebhook, verifyWebhook, webhookHeaders } from "@/features/webhooks/server/signing";

describe("webhook signatures (Standard Webhooks)", () => {
  const secret = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw";

  it("match the scheme's published example", () => {
    // The example of the Standard Webhooks specification (id, timestamp, body, secret → signature).
    const body = '{"test": 2432232314}';
    expect(signWebhook({ id: "msg_p5jXN8AQM9LWM0D4loKWxJek", timestamp: 1614265330, body, secret })).toBe("v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=");
  });

  it("verify what was sent, and refuse a changed body, another secret, an old timestamp or missing headers", () => {
    const now = new Date("2030-01-01T00:00:00Z");
    const body = JSON.stringify({ type: "webhook.test" });
    const headers = webhookHeaders({ id: "d_1", body, secret, now });
    expect(verifyWebhook({ headers, body, secret, now })).toEqual({ ok: true });
    expect(verifyWebhook({ headers, body: body + " ", secret, now })).toMatchObject({ ok: false, reason: "no signature matches" });
    expect(verifyWebhook({ headers, body, secret: newWebhookSecret(), now })).toMatchObject({ ok: false });
    expect(verifyWebhook({ headers, body, secret, now: new Date(now.getTime() + 6 * 60_000) })).toMatchObject({ ok: false, reason: expect.stringContaining("too old") });
    expect(verifyWebhook({ headers: { ...headers, "webhook-signature": undefined }, body, secret, now })).toMatchObject({ ok: false });
    // Several signatures (a rotated secret): one matching is enough.
    expect(verifyWebhook({ headers: { ...headers, "webhook-signature": `v1,AAAA ${headers["webhook-signature"]}` }, body, secret, now })).toEqual({ ok: true });
  });

  it("secrets are whsec_ and 32 random bytes", () => {
    const a = newWebhookSecret();
    expect(a).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(a).not.toBe(newWebhookSecret());
  });
});

describe("where webhooks may go", () => {
  it("private, loopback, link-local and metadata addresses are private; public ones are not", () => {
    for (const a of ["127.0.0.1", "10.1.2.3", "172.16.0.1", "192.168.1.1", "169.254.169.254", "100.64.0.1", "0.0.0.0", "::1", "fd00::1", "fe80::1", "::ffff:127.0.0.1"]) expect(isPrivateAddress(a), a).toBe(true);
    for (const a of ["93.184.216.34", "8.8.8.8", "2606:4700::1111", "::ffff:8.8.8.8"]) expect(isPrivateAddress(a), a).toBe(false);
  });

  it("a URL is refused for its scheme, credentials or (when private networks are not allowed) its host", () => {
    const strict = { allowPrivate: false };
    expect(webhookUrlProblem("https://hooks.example.com/x", strict)).toBeNull();
    expect(webhookUrlProblem("ftp://hooks.example.com/x", strict)).toMatch(/https/);
    expect(webhookUrlProblem("https://a:b@hooks.example.com/x", strict)).toMatch(/credentials/);
    expect(webhookUrlProblem("nonsense", strict)).toMatch(/full URL/);
    for (const u of ["http://localhost:3000/x", "http://127.0.0.1/x", "http://[::1]/x", "http://169.254.169.254/latest/meta-data", "http://db.internal/x", "http://printer.local/x", "http://10.0.0.5/x"]) {
      expect(webhookUrlProblem(u, strict), u).toMatch(/private or local/);
      expect(webhookUrlProblem(u, { allowPrivate: true }), u).toBeNull();
    }
  });
});

describe("webhook payloads", () => {
  const occurrence = { event: "version.promoted" as const, summary: "Triage: v5 is now active (was v4).", url: "https://coach.example.com/w/acme/templates/t1", workspace: { slug: "acme", name: "Acme" }, data: { version: { number: 5 } }, at: new Date("2030-01-01T00:00:00Z") };

  it("standard: { type, timestamp, data } with the workspace, summary, link and the event's fields", () => {
    expect(webhookPayload("standard", occurrence)).toEqual({
      type: "version.promoted",
      timestamp: "2030-01-01T00:00:00.000Z",
      data: { workspace: { slug: "acme", name: "Acme" }, summary: occurrence.summary, url: occurrence.url, version: { number: 5 } },
    });
  });

  it("slack: one text with the summary and the deep link", () => {
    expect(webhookPayload("slack", occurrence)).toEqual({ text: "Triage: v5 is now active (was v4). <https://coach.example.com/w/acme/templates/t1|Open in Agent Coach>" });
  });
});
