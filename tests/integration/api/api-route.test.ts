import { describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { GET as getOpenApi } from "@/app/api/v1/openapi.json/route";
import { apiEndpoints, OPENAPI_PATH } from "@/features/api-keys/endpoints";
import { apiRoute } from "@/features/api-keys/server";
import { notFound } from "@/server/errors";
import { logger } from "@/server/logger";
import { call, createApiWorld } from "./fixtures";

// The wrapper's own guarantees, with handlers written for the test.
describe("apiRoute", () => {
  it("answers 500 with a generic message to an unexpected error, and logs it", async () => {
    const world = await createApiWorld();
    const log = vi.spyOn(logger, "error").mockImplementation(() => {});
    const route = apiRoute({ scope: "read" }, async () => {
      throw new Error("connection string postgres://secret@db");
    });
    const res = await call(route, "/api/v1/test", { key: world.key });
    expect(res.status).toBe(500);
    expect(res.body.error.code).toBe("INTERNAL");
    expect(res.text).not.toContain("secret");
    expect(log).toHaveBeenCalledOnce();
    log.mockRestore();
  });

  it("maps AppError to its status and a zod error thrown by a service to 422", async () => {
    const world = await createApiWorld();
    const missing = apiRoute({ scope: "read" }, async () => {
      throw notFound("Gone fishing.");
    });
    expect((await call(missing, "/api/v1/test", { key: world.key })).body).toEqual({ error: { code: "NOT_FOUND", message: "Gone fishing." } });
    const zod = apiRoute({ scope: "read" }, async () => z.object({ n: z.number() }).parse({ n: "1" }));
    const res = await call(zod, "/api/v1/test", { key: world.key });
    expect(res.status).toBe(422);
    expect(res.body.error.fieldErrors.n).toHaveLength(1);
  });

  it("never lets a BigInt break the JSON", async () => {
    const world = await createApiWorld();
    const route = apiRoute({ scope: "read" }, async () => ({ counter: 9007199254740993n }));
    const res = await call(route, "/api/v1/test", { key: world.key });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ counter: "9007199254740993" });
  });

  it("answers 404 when path params fail their schema", async () => {
    const world = await createApiWorld();
    const res = await call(
      apiRoute(apiEndpoints.getTemplateDirectives, async () => {
        throw new Error("must not run");
      }),
      "/api/v1/templates/x/directives",
      { key: world.key, params: { id: "x".repeat(65) } },
    );
    expect(res.status).toBe(404);
  });
});

describe("GET /api/v1/openapi.json", () => {
  it("is public, valid JSON and lists every endpoint", async () => {
    const res = await getOpenApi();
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("application/json");
    const doc = JSON.parse(await res.text());
    expect(doc.openapi).toBe("3.1.0");
    for (const e of Object.values(apiEndpoints)) expect(doc.paths[e.path][e.method.toLowerCase()]).toBeTruthy();
    expect(doc.paths[OPENAPI_PATH].get.security).toEqual([]);
    expect(Object.keys(doc.paths)).toHaveLength(new Set([...Object.values(apiEndpoints).map((e) => e.path), OPENAPI_PATH]).size);
  });
});
