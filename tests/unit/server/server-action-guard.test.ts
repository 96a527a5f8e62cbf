import { describe, expect, it } from "vitest";
import { ACTION_BODY_LIMIT, jsonDepth, serverActionProblem } from "@/lib/server-action-guard";

// What the proxy refuses before Next's action handler (which answers these with a 500).

const action = (body: BodyInit, headers: Record<string, string> = {}) =>
  new Request("http://app.test/w/demo", { method: "POST", body, headers: { "next-action": "abc123", "content-type": "text/plain;charset=UTF-8", ...headers } });

describe("server action requests", () => {
  it("lets through what the app's own pages send: a JSON argument list, a sign-out form", async () => {
    expect(await serverActionProblem(action(JSON.stringify([{ workspaceSlug: "demo", name: "a [b] {c}" }])), "http://app.test")).toBeNull();
    const form = new FormData();
    form.set("$ACTION_ID_abc", "");
    expect(await serverActionProblem(new Request("http://app.test/w/demo", { method: "POST", body: form, headers: { "next-action": "abc" } }), undefined)).toBeNull();
  });

  it.each([
    ["another site's Origin", action("[]", { origin: "https://evil.example" }), 403],
    ["a body over the limit", action("x".repeat(ACTION_BODY_LIMIT + 1)), 413],
    ["a foreign content type", action("[]", { "content-type": "application/xml" }), 415],
    ["malformed JSON", action("[{"), 400],
    ["nesting 5,000 deep", action(`[${"[".repeat(5_000)}${"]".repeat(5_000)}]`), 400],
  ])("refuses %s", async (_name, request, status) => {
    expect((await serverActionProblem(request, "http://app.test"))?.status).toBe(status);
  });

  it("measures nesting outside strings only", () => {
    expect(jsonDepth('[{"a":[1,2]}]')).toBe(3);
    expect(jsonDepth('["[[[[", "\\"[["]')).toBe(1);
  });
});
