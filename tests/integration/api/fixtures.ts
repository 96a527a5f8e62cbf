import type { ApiScope } from "@/features/api-keys/scopes";
import { makeAgent, makeApiKey, makeChangeSet, makeRun, makeTask, makeTemplate, makeWorkspace, uid } from "../../factories";

// A workspace with a template (version 1), an agent on it and an API key, made through the real
// services. Each call makes new rows, so tests never share data.
export async function createApiWorld(options: { scopes?: ApiScope[] } = {}) {
  const { workspace, owner, scope } = await makeWorkspace();
  const template = await makeTemplate(scope, { name: `Support triage ${uid()}`, directives: "Triage each ticket and say why in one sentence." });
  const agent = await makeAgent(scope, template.id);
  const key = await makeApiKey(scope, options.scopes);
  return { workspace, owner, scope, template, agent, key: key.secret, apiKeyId: key.id };
}

export type ApiWorld = Awaited<ReturnType<typeof createApiWorld>>;

/** An extra key on the same workspace. */
export async function addApiKey(world: ApiWorld, scopes: ApiScope[]) {
  return (await makeApiKey(world.scope, scopes)).secret;
}

export async function createFinishedRun(world: ApiWorld) {
  return makeRun(world.scope, world.agent.id);
}

/** A task with its own agent, and a change set of that agent proposing a status change. */
export async function createProposal(world: ApiWorld) {
  const { task, agent } = await makeTask(world.scope, { templateId: world.template.id });
  const set = await makeChangeSet(world.scope, agent!.id, [
    { tool: "propose_status", args: { status: "in_progress" }, summary: "Start working on it" },
    { tool: "propose_estimate", args: { minutes: 30 }, summary: "About half an hour" },
  ]);
  return { task, agent: agent!, set };
}

type Handler = (request: Request, context?: { params: Promise<Record<string, string>> }) => Promise<Response>;

export type CallOptions = {
  key?: string | null;
  /** Serialised as JSON unless already a string (to send malformed bodies). */
  body?: unknown;
  headers?: Record<string, string>;
  idempotencyKey?: string;
  params?: Record<string, string>;
  method?: string;
};

/** Calls a route handler the way Next does: a standard Request, params as a promise. */
export async function call(handler: Handler, path: string, options: CallOptions = {}) {
  const headers: Record<string, string> = { ...options.headers };
  if (options.key) headers.Authorization = `Bearer ${options.key}`;
  if (options.idempotencyKey !== undefined) headers["Idempotency-Key"] = options.idempotencyKey;
  let body: string | undefined;
  if (options.body !== undefined) {
    body = typeof options.body === "string" ? options.body : JSON.stringify(options.body);
    headers["Content-Type"] ??= "application/json";
  }
  const method = options.method ?? (body === undefined ? "GET" : "POST");
  const response = await handler(new Request(`http://localhost${path}`, { method, headers, body }), { params: Promise.resolve(options.params ?? {}) });
  const text = await response.text();
  // A 304 has no body.
  return { status: response.status, headers: response.headers, text, body: text ? JSON.parse(text) : null };
}
