import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { apiEndpoints, OPENAPI_PATH } from "@/features/api-keys/endpoints";
import { buildOpenApiDocument } from "@/features/api-keys/openapi";

type Operation = {
  operationId: string;
  security: unknown[];
  requestBody?: unknown;
  parameters: { $ref?: string }[];
  responses: Record<number, { content: Record<string, { schema: { $ref: string } }> }>;
};

const doc = buildOpenApiDocument({ serverUrl: "https://coach.example.test" });
const routesRoot = join(process.cwd(), "src/app");

/** `/api/v1/templates/{id}/directives` → `src/app/api/v1/templates/[id]/directives/route.ts` */
const routeFile = (path: string) => join(routesRoot, path.replace(/\{(\w+)\}/g, "[$1]"), "route.ts");

function findRouteFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? findRouteFiles(join(dir, entry.name)) : entry.name === "route.ts" ? [join(dir, entry.name)] : [],
  );
}

/** Every `$ref` in the document, with the value it points to (undefined when dangling). */
function refs(node: unknown, out: { ref: string; target: unknown }[] = []) {
  if (Array.isArray(node)) node.forEach((n) => refs(n, out));
  else if (node && typeof node === "object") {
    for (const [k, v] of Object.entries(node)) {
      if (k === "$ref" && typeof v === "string") {
        const target = v.slice(2).split("/").reduce<unknown>((at, part) => (at as Record<string, unknown> | undefined)?.[part], doc);
        out.push({ ref: v, target });
      } else refs(v, out);
    }
  }
  return out;
}

describe("OpenAPI document", () => {
  it("is OpenAPI 3.1 and survives a JSON round trip unchanged", () => {
    expect(doc.openapi).toBe("3.1.0");
    expect(JSON.parse(JSON.stringify(doc))).toEqual(doc);
  });

  it("is the same document every time it is built (no per-request default, e.g. a random id, documented as a value)", () => {
    const again = buildOpenApiDocument({ serverUrl: "https://coach.example" });
    expect(JSON.stringify(again)).toBe(JSON.stringify(buildOpenApiDocument({ serverUrl: "https://coach.example" })));
  });

  it("documents every endpoint with its method, request and response schema", () => {
    for (const [operationId, e] of Object.entries(apiEndpoints)) {
      const op = doc.paths[e.path]?.[e.method.toLowerCase()] as Operation;
      expect(op, `${e.method} ${e.path}`).toBeTruthy();
      expect(op.operationId).toBe(operationId);
      expect(op.security).toEqual([{ bearerAuth: [] }]);
      expect(op.responses[e.status].content["application/json"].schema.$ref).toMatch(/Response$/);
      expect(Boolean(op.requestBody)).toBe("input" in e || "rawBody" in e);
      if ("rawBody" in e) expect(Object.keys((op.requestBody as { content: object }).content)).toEqual(e.rawBody.contentTypes);
      expect(op.parameters.some((p) => p.$ref === "#/components/parameters/IdempotencyKey")).toBe(Boolean("idempotent" in e && e.idempotent));
    }
    expect(doc.paths[OPENAPI_PATH].get).toMatchObject({ security: [] });
  });

  it("declares every path parameter", () => {
    for (const [path, ops] of Object.entries(doc.paths)) {
      const names = [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
      for (const op of Object.values(ops) as { parameters?: { in?: string; name?: string }[] }[]) {
        expect((op.parameters ?? []).filter((p) => p.in === "path").map((p) => p.name)).toEqual(names);
      }
    }
  });

  it("has no dangling $ref and uses bearer auth", () => {
    const all = refs(doc);
    expect(all.length).toBeGreaterThan(20);
    expect(all.filter((r) => r.target === undefined).map((r) => r.ref)).toEqual([]);
    expect(doc.components.securitySchemes.bearerAuth).toMatchObject({ type: "http", scheme: "bearer" });
    expect(JSON.stringify(doc)).not.toContain('"$schema"');
  });

  it("describes the error body and the request fields from the zod schemas", () => {
    expect(doc.components.schemas.Error).toMatchObject({ properties: { error: { required: ["code", "message"] } } });
    expect(doc.components.schemas.RecordRunRequest).toMatchObject({
      required: ["agentId", "reason", "status"],
      properties: { startedAt: { type: "string", format: "date-time" }, status: { enum: ["succeeded", "failed"] } },
    });
    expect(doc.components.schemas.CreateChangeSetRequest).toMatchObject({ properties: { items: { minItems: 1, maxItems: 50 } } });
  });
});

describe("route files", () => {
  it("exist for every documented path, wrap their registry entry, and nothing else lives under /api/v1", () => {
    const documented = new Set([...Object.values(apiEndpoints).map((e) => routeFile(e.path)), routeFile(OPENAPI_PATH)]);
    const actual = findRouteFiles(join(routesRoot, "api/v1"));
    expect(actual.map((f) => relative(routesRoot, f)).sort()).toEqual([...documented].map((f) => relative(routesRoot, f)).sort());
    for (const [operationId, e] of Object.entries(apiEndpoints)) {
      const file = routeFile(e.path);
      expect(existsSync(file)).toBe(true);
      const source = readFileSync(file, "utf8");
      expect(source).toContain(`export const ${e.method} = apiRoute(apiEndpoints.${operationId},`);
    }
  });
});
