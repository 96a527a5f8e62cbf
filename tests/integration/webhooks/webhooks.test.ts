import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createWebhookAction } from "@/features/webhooks/actions/create-webhook";
import { deleteWebhookAction, sendTestWebhookAction, setWebhookEnabledAction } from "@/features/webhooks/actions/manage-webhook";
import { attemptWebhookDelivery, emitProbationEvent, listWebhooks, stageWebhookEvent } from "@/features/webhooks/server";
import { postWebhook } from "@/features/webhooks/server/send";
import { verifyWebhook } from "@/features/webhooks/server/signing";
import { createTemplateVersion } from "@/features/templates/server";
import { setTemplateHead } from "@/features/templates/server/set-template-head";
import { db } from "@/server/db";
import { makeTemplate, makeWorkspace } from "../../factories";
import { actAs } from "../../support/session";

// Outgoing webhooks against a real HTTP receiver and the real database: what is sent (signed, the
// payload per format), what is recorded, retries that end in exactly one success per delivery id,
// a dead endpoint that never holds up another, the events the product raises, and who may manage them.

type Received = { id: string; headers: Record<string, string | undefined>; body: string };

/** A receiver on 127.0.0.1 that answers with `respond(n)` for its n-th request (1-based). */
async function receiver(respond: (n: number, req: IncomingMessage) => { status: number; headers?: Record<string, string> } | "hang") {
  const received: Received[] = [];
  const server: Server = createServer((req, res) => {
    let body = "";
    req.on("data", (c) => (body += c));
    req.on("end", () => {
      received.push({ id: String(req.headers["webhook-id"]), headers: req.headers as Record<string, string | undefined>, body });
      const answer = respond(received.length, req);
      if (answer === "hang") return; // never answers
      res.writeHead(answer.status, answer.headers).end(answer.status >= 400 ? "down for maintenance" : "ok");
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
  return { url, received, close: () => new Promise<void>((r) => server.close(() => r())), server };
}

async function endpoint(workspaceId: string, url: string, fields: { events?: string[]; format?: "standard" | "slack"; enabled?: boolean } = {}) {
  return db.webhookEndpoint.create({ data: { workspaceId, url, events: fields.events ?? ["version.promoted", "probation.harm_detected"], format: fields.format ?? "standard", enabled: fields.enabled ?? true, secret: `whsec_${Buffer.from("0123456789abcdef0123456789abcdef").toString("base64")}` } });
}

async function stage(workspaceId: string, event: "version.promoted" | "probation.harm_detected" = "version.promoted", dedupeKey = `k-${Math.random()}`) {
  return db.$transaction((t) =>
    stageWebhookEvent(t, { workspaceId, event, dedupeKey, describe: (w) => ({ summary: `Triage <fast>: v2 is now active & live.`, link: `/w/${w.slug}/templates/t1`, data: { version: { number: 2 } } }) }),
  );
}

describe("a delivery", () => {
  const servers: { close: () => Promise<void> }[] = [];
  afterAll(async () => {
    for (const s of servers) await s.close();
  });

  it("is POSTed signed (Standard Webhooks), with the event's payload, and recorded as delivered", async () => {
    const { workspace } = await makeWorkspace();
    const hook = await receiver(() => ({ status: 204 }));
    servers.push(hook);
    const ep = await endpoint(workspace.id, hook.url);
    expect(await stage(workspace.id)).toHaveLength(1);
    const delivery = await db.webhookDelivery.findFirstOrThrow({ where: { endpointId: ep.id } });

    expect(await attemptWebhookDelivery({ workspaceId: workspace.id, deliveryId: delivery.id })).toEqual({ outcome: "delivered", status: 204 });
    const [req] = hook.received;
    expect(req.id).toBe(delivery.id);
    expect(verifyWebhook({ headers: req.headers, body: req.body, secret: ep.secret })).toEqual({ ok: true });
    expect(verifyWebhook({ headers: req.headers, body: req.body.replace("v2", "v3"), secret: ep.secret })).toMatchObject({ ok: false });
    expect(JSON.parse(req.body)).toMatchObject({
      type: "version.promoted",
      data: { workspace: { slug: workspace.slug }, summary: "Triage <fast>: v2 is now active & live.", url: expect.stringMatching(new RegExp(`/w/${workspace.slug}/templates/t1$`)), version: { number: 2 } },
    });
    const row = await db.webhookDelivery.findUniqueOrThrow({ where: { id: delivery.id } });
    expect(row).toMatchObject({ status: "delivered", attempts: 1, lastStatusCode: 204, lastError: null });
    expect(row.deliveredAt).toBeInstanceOf(Date);
  });

  it("fails three times, then succeeds: four attempts with one webhook-id, one success, and nothing sent after it", async () => {
    const { workspace } = await makeWorkspace();
    const hook = await receiver((n): { status: number; headers?: Record<string, string> } => (n <= 3 ? { status: 503, headers: n === 2 ? { "retry-after": "1" } : {} } : { status: 200 }));
    servers.push(hook);
    await endpoint(workspace.id, hook.url);
    await stage(workspace.id);
    const delivery = await db.webhookDelivery.findFirstOrThrow({ where: { workspaceId: workspace.id } });
    const outcomes = [];
    for (let i = 0; i < 5; i++) outcomes.push((await attemptWebhookDelivery({ workspaceId: workspace.id, deliveryId: delivery.id })).outcome);

    expect(outcomes).toEqual(["retry", "retry", "retry", "delivered", "settled"]);
    expect(hook.received).toHaveLength(4);
    expect(new Set(hook.received.map((r) => r.id))).toEqual(new Set([delivery.id]));
    const row = await db.webhookDelivery.findUniqueOrThrow({ where: { id: delivery.id } });
    expect(row).toMatchObject({ status: "delivered", attempts: 4, lastStatusCode: 200 });
    expect((row.attemptLog as { status: number }[]).map((a) => a.status)).toEqual([503, 503, 503, 200]);
  });

  it("hands the receiver's Retry-After to the retry", async () => {
    const { workspace } = await makeWorkspace();
    const hook = await receiver(() => ({ status: 429, headers: { "retry-after": "90" } }));
    servers.push(hook);
    await endpoint(workspace.id, hook.url);
    await stage(workspace.id);
    const delivery = await db.webhookDelivery.findFirstOrThrow({ where: { workspaceId: workspace.id } });
    expect(await attemptWebhookDelivery({ workspaceId: workspace.id, deliveryId: delivery.id })).toMatchObject({ outcome: "retry", status: 429, retryAfter: "90" });
  });

  it("gives up after the last attempt and says why", async () => {
    const { workspace } = await makeWorkspace();
    const hook = await receiver(() => ({ status: 500 }));
    servers.push(hook);
    await endpoint(workspace.id, hook.url);
    await stage(workspace.id);
    const delivery = await db.webhookDelivery.findFirstOrThrow({ where: { workspaceId: workspace.id } });
    const outcomes = [];
    for (let i = 0; i < 7; i++) outcomes.push((await attemptWebhookDelivery({ workspaceId: workspace.id, deliveryId: delivery.id })).outcome);
    expect(outcomes).toEqual(["retry", "retry", "retry", "retry", "retry", "failed", "settled"]);
    expect(hook.received).toHaveLength(6);
    expect(await db.webhookDelivery.findUniqueOrThrow({ where: { id: delivery.id } })).toMatchObject({ status: "failed", attempts: 6, lastError: "HTTP 500: down for maintenance" });
  });

  it("to a dead endpoint never holds up another endpoint's delivery", async () => {
    const { workspace } = await makeWorkspace();
    const dead = await receiver(() => "hang");
    const alive = await receiver(() => ({ status: 200 }));
    servers.push({ close: async () => { dead.server.closeAllConnections(); await dead.close(); } }, alive);
    const deadEndpoint = await endpoint(workspace.id, dead.url);
    const aliveEndpoint = await endpoint(workspace.id, alive.url);
    await stage(workspace.id);
    const [toDead, toAlive] = await Promise.all([deadEndpoint, aliveEndpoint].map((e) => db.webhookDelivery.findFirstOrThrow({ where: { endpointId: e.id } })));

    const deadAttempt = attemptWebhookDelivery({ workspaceId: workspace.id, deliveryId: toDead.id, timeoutMs: 1_500 });
    expect(await attemptWebhookDelivery({ workspaceId: workspace.id, deliveryId: toAlive.id })).toMatchObject({ outcome: "delivered" });
    expect((await db.webhookDelivery.findUniqueOrThrow({ where: { id: toDead.id } })).attempts).toBe(0); // still waiting on the dead one
    expect(await deadAttempt).toMatchObject({ outcome: "retry", error: "no answer within 2 s" });
  });

  it("to an address that refuses connections is a retry with the reason", async () => {
    const { workspace } = await makeWorkspace();
    const gone = await receiver(() => ({ status: 200 }));
    await gone.close();
    await endpoint(workspace.id, gone.url);
    await stage(workspace.id);
    const delivery = await db.webhookDelivery.findFirstOrThrow({ where: { workspaceId: workspace.id } });
    expect(await attemptWebhookDelivery({ workspaceId: workspace.id, deliveryId: delivery.id })).toMatchObject({ outcome: "retry", status: 0, error: expect.stringContaining("ECONNREFUSED") });
  });

  it("to a private address is refused when private networks are not allowed, whatever the name resolves through", async () => {
    const hook = await receiver(() => ({ status: 200 }));
    servers.push(hook);
    const viaName = hook.url.replace("127.0.0.1", "localhost");
    const result = await postWebhook({ url: viaName, body: "{}", headers: {}, timeoutMs: 2_000, allowPrivate: false });
    expect(result).toMatchObject({ status: 0, error: expect.stringContaining("private address") });
    expect(hook.received).toHaveLength(0);
    expect(await postWebhook({ url: viaName, body: "{}", headers: {}, timeoutMs: 2_000, allowPrivate: true })).toMatchObject({ status: 200 });
  });

  it("a Slack endpoint gets { text } with the summary (escaped) and the link", async () => {
    const { workspace } = await makeWorkspace();
    const hook = await receiver(() => ({ status: 200 }));
    servers.push(hook);
    await endpoint(workspace.id, hook.url, { format: "slack" });
    await stage(workspace.id);
    const delivery = await db.webhookDelivery.findFirstOrThrow({ where: { workspaceId: workspace.id } });
    await attemptWebhookDelivery({ workspaceId: workspace.id, deliveryId: delivery.id });
    const body = JSON.parse(hook.received[0].body) as { text: string };
    expect(Object.keys(body)).toEqual(["text"]);
    expect(body.text).toMatch(new RegExp(`^Triage &lt;fast&gt;: v2 is now active &amp; live\\. <http://[^|]+/w/${workspace.slug}/templates/t1\\|Open in Agent Coach>$`));
  });
});

describe("the product's events", () => {
  it("a promotion, an undo and a restore each write one delivery to the endpoints that receive version.promoted, in the same transaction", async () => {
    const { workspace, scope } = await makeWorkspace();
    const subscribed = await endpoint(workspace.id, "http://127.0.0.1:9/hook", { events: ["version.promoted"] });
    const other = await endpoint(workspace.id, "http://127.0.0.1:9/other", { events: ["ritual.failed"] });
    const off = await endpoint(workspace.id, "http://127.0.0.1:9/off", { events: ["version.promoted"], enabled: false });
    const template = await makeTemplate(scope, { name: "Support Triage" });
    expect(await db.webhookDelivery.count({ where: { workspaceId: workspace.id } })).toBe(0); // v1 is a creation, not a promotion

    const v2 = await createTemplateVersion({ scope, templateId: template.id, directives: "Be brief.", authoredBy: "user" });
    await setTemplateHead({ scope, templateId: template.id, versionId: template.headVersionId! });
    await setTemplateHead({ scope, templateId: template.id, versionId: v2.id });

    const deliveries = await db.webhookDelivery.findMany({ where: { workspaceId: workspace.id }, orderBy: { createdAt: "asc" } });
    expect(deliveries.map((d) => d.endpointId)).toEqual([subscribed.id, subscribed.id, subscribed.id]);
    expect(deliveries.map((d) => (d.payload as { data: { summary: string } }).data.summary)).toEqual([
      "Support Triage: v2 is now active (was v1).",
      "Support Triage: v1 is now active (was v2: rolled back).",
      "Support Triage: v2 is now active (was v1).",
    ]);
    // Each with its job staged beside it (the relay delivers what the request did not).
    expect(await db.outboxEvent.count({ where: { id: { in: deliveries.map((d) => `webhook-${d.id}`) } } })).toBe(3);
    expect([other.id, off.id].some((id) => deliveries.some((d) => d.endpointId === id))).toBe(false);

    // A head move that fails (already active) writes nothing.
    await expect(setTemplateHead({ scope, templateId: template.id, versionId: v2.id })).rejects.toThrow(/already active/);
    expect(await db.webhookDelivery.count({ where: { workspaceId: workspace.id } })).toBe(3);
  });

  it("a probation verdict is sent once per probation, however often it is raised", async () => {
    const { workspace, scope } = await makeWorkspace();
    await endpoint(workspace.id, "http://127.0.0.1:9/hook", { events: ["probation.harm_detected"] });
    const template = await makeTemplate(scope, { name: "Ops" });
    const input = { status: "harm_detected" as const, workspaceId: workspace.id, probationId: "p1", templateId: template.id, version: { number: 3 }, baseline: { number: 2 }, note: "Acceptance fell from 80% to 55%." };
    expect(await emitProbationEvent(input)).toBe(1);
    expect(await emitProbationEvent(input)).toBe(0);
    const [delivery] = await db.webhookDelivery.findMany({ where: { workspaceId: workspace.id } });
    expect(delivery.event).toBe("probation.harm_detected");
    expect((delivery.payload as { data: { summary: string } }).data.summary).toBe("Ops: v3 looks worse than v2. Acceptance fell from 80% to 55%.");
  });
});

describe("managing webhooks", () => {
  let hook: Awaited<ReturnType<typeof receiver>>;
  beforeAll(async () => {
    hook = await receiver(() => ({ status: 200 }));
  });
  afterAll(() => hook.close());

  it("an admin adds one (secret made by the server), sends a test event and sees it in the log", async () => {
    const { workspace, members } = await makeWorkspace({ roles: ["admin"] });
    actAs(members.admin);
    const created = await createWebhookAction({ workspaceSlug: workspace.slug, url: hook.url, description: "ops channel", events: ["ritual.failed", "version.promoted", "version.promoted"], format: "standard" });
    if (!created.ok) throw new Error(created.error.message);
    const row = await db.webhookEndpoint.findUniqueOrThrow({ where: { id: created.data.id } });
    expect(row).toMatchObject({ events: ["version.promoted", "ritual.failed"], createdById: members.admin.id, enabled: true });
    expect(row.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);

    const sent = await sendTestWebhookAction({ workspaceSlug: workspace.slug, webhookId: row.id });
    expect(sent).toMatchObject({ ok: true, data: { queued: true } });
    const delivery = await db.webhookDelivery.findFirstOrThrow({ where: { endpointId: row.id } });
    expect(delivery.event).toBe("webhook.test");
    await attemptWebhookDelivery({ workspaceId: workspace.id, deliveryId: delivery.id });
    const [listed] = await listWebhooks(workspace.id);
    expect(listed.deliveries[0]).toMatchObject({ id: delivery.id, status: "delivered", lastStatusCode: 200 });
  });

  it("turned off, it receives nothing and cannot be tested; deleted, its log goes with it", async () => {
    const { workspace, owner } = await makeWorkspace();
    actAs(owner);
    const created = await createWebhookAction({ workspaceSlug: workspace.slug, url: hook.url, events: ["version.promoted"] });
    if (!created.ok) throw new Error(created.error.message);
    const webhookId = created.data.id;
    expect(await setWebhookEnabledAction({ workspaceSlug: workspace.slug, webhookId, enabled: false })).toMatchObject({ ok: true });
    expect(await stage(workspace.id)).toHaveLength(0);
    expect(await sendTestWebhookAction({ workspaceSlug: workspace.slug, webhookId })).toMatchObject({ ok: false, error: { status: 409 } });
    expect(await deleteWebhookAction({ workspaceSlug: workspace.slug, webhookId })).toMatchObject({ ok: true });
    expect(await db.webhookEndpoint.count({ where: { workspaceId: workspace.id } })).toBe(0);
  });

  it("refuses members and viewers (403), another workspace's webhook (404) and bad input (400 per field)", async () => {
    const { workspace, owner, members } = await makeWorkspace({ roles: ["member", "viewer"] });
    for (const role of ["member", "viewer"] as const) {
      actAs(members[role]);
      expect(await createWebhookAction({ workspaceSlug: workspace.slug, url: hook.url, events: ["version.promoted"] })).toMatchObject({ ok: false, error: { status: 403 } });
    }
    const other = await makeWorkspace();
    const foreign = await endpoint(other.workspace.id, hook.url);
    actAs(owner);
    for (const call of [
      deleteWebhookAction({ workspaceSlug: workspace.slug, webhookId: foreign.id }),
      setWebhookEnabledAction({ workspaceSlug: workspace.slug, webhookId: foreign.id, enabled: false }),
      sendTestWebhookAction({ workspaceSlug: workspace.slug, webhookId: foreign.id }),
    ]) expect(await call).toMatchObject({ ok: false, error: { status: 404 } });
    expect(await db.webhookEndpoint.findUniqueOrThrow({ where: { id: foreign.id } })).toMatchObject({ enabled: true });

    const bad: Record<string, unknown>[] = [
      { url: "not a url", events: ["version.promoted"] },
      { url: "ftp://example.com/x", events: ["version.promoted"] },
      { url: "https://user:pw@example.com/x", events: ["version.promoted"] },
      { url: hook.url, events: [] },
      { url: hook.url, events: ["everything"] },
      { url: hook.url, events: ["version.promoted"], format: "xml" },
      { url: `https://example.com/${"x".repeat(2_100)}`, events: ["version.promoted"] },
    ];
    for (const input of bad) {
      const res = await createWebhookAction({ workspaceSlug: workspace.slug, ...input } as never);
      expect(res, JSON.stringify(input).slice(0, 80)).toMatchObject({ ok: false, error: { status: 400 } });
    }
    expect(await db.webhookEndpoint.count({ where: { workspaceId: workspace.id } })).toBe(0);
  });
});
