import { describe, expect, it, vi } from "vitest";
import { isClientGone } from "@/server/client-gone";

describe("isClientGone (a client that left mid-response is logged as information, not an error)", () => {
  it("recognises React's abort reasons and Next's ResponseAborted, also as a cause", () => {
    expect(isClientGone(new Error("The destination stream errored while writing data."))).toBe(true);
    expect(isClientGone("The destination stream closed early.")).toBe(true);
    expect(isClientGone(new Error("render failed", { cause: new Error("The destination stream closed early.") }))).toBe(true);
    expect(isClientGone(Object.assign(new Error(), { name: "ResponseAborted" }))).toBe(true);
  });

  it("leaves every other failure an error, socket resets included (the database's look the same)", () => {
    expect(isClientGone(Object.assign(new Error("read ECONNRESET"), { code: "ECONNRESET" }))).toBe(false);
    expect(isClientGone(Object.assign(new Error("write EPIPE"), { code: "EPIPE" }))).toBe(false);
    expect(isClientGone(Object.assign(new Error("This operation was aborted"), { name: "AbortError" }))).toBe(false);
    expect(isClientGone(new Error('relation "Agent" does not exist'))).toBe(false);
    expect(isClientGone(new TypeError("Cannot read properties of undefined (reading 'id')"))).toBe(false);
    expect(isClientGone(null)).toBe(false);
    expect(isClientGone(42)).toBe(false);
  });
});

describe("onRequestError", () => {
  const report = async (error: unknown) => {
    const { onRequestError } = await import("@/instrumentation");
    const lines: string[] = [];
    const spy = vi.spyOn(process.stderr, "write").mockImplementation((chunk: string | Uint8Array) => (lines.push(String(chunk)), true));
    const runtime = process.env.NEXT_RUNTIME;
    process.env.NEXT_RUNTIME = "nodejs";
    try {
      await onRequestError(error, { path: "/w/demo/rituals/r1?n=1", method: "GET", headers: {} }, { routePath: "/w/[slug]/rituals/[sessionId]", routeType: "render" });
    } finally {
      process.env.NEXT_RUNTIME = runtime;
      spy.mockRestore();
    }
    return lines.join("");
  };

  it("logs a failure as an error line with the route, and a client that left as no error", async () => {
    const failed = await report(new Error("relation missing"));
    expect(failed).toContain('"level":"error"');
    expect(failed).toContain('"message":"request failed"');
    expect(failed).toContain('"path":"/w/demo/rituals/r1"');
    expect(await report(new Error("The destination stream errored while writing data."))).not.toContain('"level":"error"');
  });
});
