import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import { Inngest } from "inngest";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { serveInngest } from "@/inngest/serve";

// /api/inngest with Inngest keys set: a sync (PUT) registers the app's URL with the Inngest server.
// That URL is APP_URL's, never the request's Host: anyone can send `Host: evil.example`, and the
// app would register evil.example (and its step URLs) signed with its own key.

let registrations: { path: string; body: { url?: string; functions?: { steps?: Record<string, { runtime?: { url?: string } }> }[] } }[] = [];
const inngestServer = createServer((req: IncomingMessage, res) => {
  let raw = "";
  req.on("data", (c) => (raw += c));
  req.on("end", () => {
    registrations.push({ path: req.url ?? "", body: raw ? JSON.parse(raw) : {} });
    res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ ok: true, modified: true }));
  });
});
let baseUrl: string;
beforeAll(async () => {
  await new Promise<void>((r) => inngestServer.listen(0, "127.0.0.1", r));
  baseUrl = `http://127.0.0.1:${(inngestServer.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => inngestServer.close(() => r())));

describe("serving the functions to an Inngest server", () => {
  it("registers APP_URL/api/inngest whatever Host and X-Forwarded-* the sync request carries", async () => {
    registrations = [];
    const client = new Inngest({ id: "serve-origin-test", eventKey: "test-event-key", signingKey: "signkey-prod-0123456789abcdef0123456789abcdef", baseUrl });
    const fn = client.createFunction({ id: "noop", triggers: [{ event: "test/noop" }] }, async () => "ok");
    const { PUT } = serveInngest(client, [fn], "https://coach.example.com");
    const res = await PUT(
      new Request("http://evil.example/api/inngest", { method: "PUT", headers: { host: "evil.example", "x-forwarded-host": "evil.example", "x-forwarded-proto": "http" } }) as never,
      undefined as never,
    );
    expect(res.status).toBeLessThan(500);
    const registered = JSON.stringify(registrations.map((r) => r.body));
    expect(registered).not.toContain("evil.example");
    for (const r of registrations.filter((r) => r.body.url)) {
      expect(r.body.url).toMatch(/^https:\/\/coach\.example\.com\/api\/inngest/);
      for (const step of Object.values(r.body.functions?.[0]?.steps ?? {})) expect(step.runtime?.url).toMatch(/^https:\/\/coach\.example\.com\/api\/inngest\?/);
    }
    expect(registrations.some((r) => r.body.url)).toBe(true);
  });

  it("registers INNGEST_SERVE_ORIGIN when it is set (Inngest reaches the app on the internal network), else APP_URL", async () => {
    for (const [origin, expected] of [
      ["http://app:3000", /^http:\/\/app:3000\/api\/inngest/],
      ["", /^https:\/\/coach\.example\.com\/api\/inngest/],
    ] as const) {
      registrations = [];
      vi.stubEnv("APP_URL", "https://coach.example.com");
      vi.stubEnv("INNGEST_SERVE_ORIGIN", origin);
      vi.resetModules();
      try {
        const { serveInngest: serveWithEnv } = await import("@/inngest/serve");
        const client = new Inngest({ id: "serve-origin-env-test", eventKey: "test-event-key", signingKey: "signkey-prod-0123456789abcdef0123456789abcdef", baseUrl });
        const fn = client.createFunction({ id: "noop", triggers: [{ event: "test/noop" }] }, async () => "ok");
        const { PUT } = serveWithEnv(client, [fn]);
        await PUT(new Request("http://evil.example/api/inngest", { method: "PUT", headers: { host: "evil.example" } }) as never, undefined as never);
        const urls = registrations.map((r) => r.body.url).filter(Boolean);
        expect(urls.length).toBeGreaterThan(0);
        for (const url of urls) expect(url).toMatch(expected);
      } finally {
        vi.unstubAllEnvs();
        vi.resetModules();
      }
    }
  });
});
