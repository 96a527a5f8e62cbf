import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";

// The product's REST API on a real port, for `npm run lab -- --external`: a node:http server that
// hands each request to the same route handlers Next serves (src/app/api/v1/**/route.ts), so the
// lab's external agents talk to the product only through the typed client and HTTP — keys, rate
// limit, validation, idempotency and all. Only Next's own server is left out (the lab has no build).

type Handler = (request: Request, context: { params: Promise<Record<string, string>> }) => Promise<Response>;
type RouteModule = Partial<Record<"GET" | "POST", Handler>>;

const ROUTES: { path: string; load: () => Promise<RouteModule> }[] = [
  { path: "/api/v1/templates", load: () => import("@/app/api/v1/templates/route") },
  { path: "/api/v1/templates/[id]/directives", load: () => import("@/app/api/v1/templates/[id]/directives/route") },
  { path: "/api/v1/agents", load: () => import("@/app/api/v1/agents/route") },
  { path: "/api/v1/agents/[id]/directives", load: () => import("@/app/api/v1/agents/[id]/directives/route") },
  { path: "/api/v1/tasks", load: () => import("@/app/api/v1/tasks/route") },
  { path: "/api/v1/runs", load: () => import("@/app/api/v1/runs/route") },
  { path: "/api/v1/observations", load: () => import("@/app/api/v1/observations/route") },
  { path: "/api/v1/reports", load: () => import("@/app/api/v1/reports/route") },
  { path: "/api/v1/change-sets", load: () => import("@/app/api/v1/change-sets/route") },
  { path: "/api/v1/decisions", load: () => import("@/app/api/v1/decisions/route") },
  { path: "/api/v1/ratings", load: () => import("@/app/api/v1/ratings/route") },
];

/** The route and its params for a path, as Next's file-system routing would match it. */
export function matchRoute(pathname: string): { load: () => Promise<RouteModule>; params: Record<string, string> } | null {
  const parts = pathname.replace(/\/+$/, "").split("/");
  for (const route of ROUTES) {
    const pattern = route.path.split("/");
    if (pattern.length !== parts.length) continue;
    const params: Record<string, string> = {};
    const ok = pattern.every((p, i) => {
      const dynamic = /^\[(\w+)\]$/.exec(p);
      if (dynamic) return (params[dynamic[1]!] = decodeURIComponent(parts[i]!)) !== "";
      return p === parts[i];
    });
    if (ok) return { load: route.load, params };
  }
  return null;
}

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

async function answer(req: IncomingMessage, base: string): Promise<Response> {
  const url = new URL(req.url ?? "/", base);
  const route = matchRoute(url.pathname);
  if (!route) return Response.json({ error: { code: "NOT_FOUND", message: "No such endpoint." } }, { status: 404 });
  const handler = (await route.load())[req.method as "GET" | "POST"];
  if (!handler) return Response.json({ error: { code: "METHOD_NOT_ALLOWED", message: "Method not allowed." } }, { status: 405 });
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(", ") : value);
  const body = req.method === "GET" || req.method === "HEAD" ? undefined : new Uint8Array(await readBody(req));
  return handler(new Request(url, { method: req.method, headers, body }), { params: Promise.resolve(route.params) });
}

export async function startApiServer(): Promise<{ url: string; close: () => Promise<void> }> {
  let base = "http://127.0.0.1";
  const server: Server = createServer((req, res) => {
    answer(req, base)
      .then(async (response) => {
        res.writeHead(response.status, Object.fromEntries(response.headers));
        res.end(Buffer.from(await response.arrayBuffer()));
      })
      .catch((e: unknown) => {
        res.writeHead(500, { "content-type": "application/json" });
        res.end(JSON.stringify({ error: { code: "INTERNAL", message: e instanceof Error ? e.message : String(e) } }));
      });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { url: base, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}
