import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { parseEnv } from "@/env";

// The Inngest client as a self-hosting team configures it: INNGEST_BASE_URL names their server
// (v4 otherwise sends to Inngest Cloud), the keys are theirs, checkpointing is set explicitly. A
// loopback HTTP server stands in for the Inngest server and records what the client sends.

const received: { method: string; path: string; body: unknown }[] = [];
const server = createServer((req: IncomingMessage, res) => {
  let raw = "";
  req.on("data", (c) => (raw += c));
  req.on("end", () => {
    received.push({ method: req.method ?? "", path: req.url ?? "", body: raw ? JSON.parse(raw) : null });
    res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ ids: ["x"], status: 200 }));
  });
});
let baseUrl: string;
beforeAll(async () => {
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));
afterEach(() => {
  vi.unstubAllEnvs();
  vi.resetModules();
});

const EVENT_KEY = "0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef";
const SIGNING_KEY = "fedcba9876543210fedcba9876543210fedcba9876543210fedcba9876543210";

describe("Inngest configuration", () => {
  it("INNGEST_BASE_URL and INNGEST_SERVE_ORIGIN are http(s) URLs; a self-hosted server needs both keys", () => {
    expect(parseEnv({ INNGEST_BASE_URL: "http://inngest:8288", INNGEST_EVENT_KEY: EVENT_KEY, INNGEST_SIGNING_KEY: SIGNING_KEY })).toMatchObject({ INNGEST_BASE_URL: "http://inngest:8288" });
    expect(parseEnv({ INNGEST_SERVE_ORIGIN: "http://app:3000" }).INNGEST_SERVE_ORIGIN).toBe("http://app:3000");
    expect(parseEnv({ INNGEST_BASE_URL: "", INNGEST_SERVE_ORIGIN: " " })).toMatchObject({ INNGEST_BASE_URL: undefined, INNGEST_SERVE_ORIGIN: undefined });
    expect(() => parseEnv({ INNGEST_BASE_URL: "inngest:8288", INNGEST_EVENT_KEY: EVENT_KEY, INNGEST_SIGNING_KEY: SIGNING_KEY })).toThrow(/INNGEST_BASE_URL/);
    expect(() => parseEnv({ INNGEST_SERVE_ORIGIN: "ftp://app" })).toThrow(/INNGEST_SERVE_ORIGIN/);
    expect(() => parseEnv({ INNGEST_BASE_URL: "http://inngest:8288", INNGEST_EVENT_KEY: EVENT_KEY })).toThrow(/needs INNGEST_EVENT_KEY and INNGEST_SIGNING_KEY/);
  });

  it("the client's options: the team's server, keys and explicit checkpointing", async () => {
    const { inngestClientOptions, CHECKPOINTING } = await import("@/inngest/client");
    const options = inngestClientOptions({ INNGEST_EVENT_KEY: EVENT_KEY, INNGEST_SIGNING_KEY: SIGNING_KEY, INNGEST_BASE_URL: "http://inngest:8288" }, true);
    expect(options).toMatchObject({ id: "agent-coach", eventKey: EVENT_KEY, signingKey: SIGNING_KEY, baseUrl: "http://inngest:8288", checkpointing: { bufferedSteps: 1, maxRuntime: "50s" } });
    expect(CHECKPOINTING).toEqual({ bufferedSteps: 1, maxRuntime: "50s" });
    // Without a server: no base URL, a placeholder key the local middleware never lets out.
    expect(inngestClientOptions({ INNGEST_EVENT_KEY: undefined, INNGEST_SIGNING_KEY: undefined, INNGEST_BASE_URL: undefined }, false)).toMatchObject({ eventKey: "local-executor", baseUrl: undefined });
  });

  it("with INNGEST_BASE_URL set, the app's client sends events (with their ids) to that server, not to Inngest Cloud", async () => {
    vi.stubEnv("INNGEST_EVENT_KEY", EVENT_KEY);
    vi.stubEnv("INNGEST_SIGNING_KEY", SIGNING_KEY);
    vi.stubEnv("INNGEST_BASE_URL", baseUrl);
    vi.stubEnv("INNGEST_DEV", "");
    const { inngest, inngestEnabled } = await import("@/inngest/client");
    expect(inngestEnabled).toBe(true);
    received.length = 0;
    await inngest.send({ id: "ritual-wake-imp_1-2030-01-01T08:00:00.000Z", name: "ritual/wake.requested", data: { workspaceId: "ws_1", improverAgentId: "imp_1", reason: "scheduled" } });
    expect(received).toHaveLength(1);
    expect(received[0]).toMatchObject({ method: "POST", path: `/e/${EVENT_KEY}` });
    expect(received[0].body).toEqual([expect.objectContaining({ id: "ritual-wake-imp_1-2030-01-01T08:00:00.000Z", name: "ritual/wake.requested" })]);
  });
});
