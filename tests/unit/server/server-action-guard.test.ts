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

  const reply = (fields: Record<string, string | Blob>) => {
    const form = new FormData();
    for (const [key, value] of Object.entries(fields)) form.set(key, value);
    return new Request("http://app.test/w/demo", { method: "POST", body: form, headers: { "next-action": "abc" } });
  };

  it("lets through React replies whose references are all in the body", async () => {
    expect(await serverActionProblem(action(JSON.stringify([{ at: "$D2026-01-01T00:00:00.000Z", n: "$n12", gone: "$undefined", text: "$$1" }])), undefined)).toBeNull();
    expect(await serverActionProblem(reply({ "0": '["$Q1","$@2","$3:a"]', "1": "[]", "2": '"x"', "3": '{"a":1}' }), undefined)).toBeNull();
    expect(await serverActionProblem(reply({ "0": '["$B1"]', "1": new Blob(["x"]) }), undefined)).toBeNull();
  });

  it.each([
    ["a text body referring to a chunk it cannot hold", () => action('["$1"]')],
    ["a text body with a $Q map reference", () => action('[{"m":"$Q1"}]')],
    ["a text body with a promise reference", () => action('["$@a"]')],
    ["a text body with a blob reference", () => action('["$B1"]')],
    ["a text body with a stream reference", () => action('["$R1"]')],
    ["a text body with a malformed bigint", () => action('["$nabc"]')],
    ["a text body with a reference that is no number", () => action('["$zz"]')],
    ["a multipart reply referring to a missing field", () => reply({ "0": '["$1"]' })],
    ["a multipart reply with a $Q map reference to a missing field", () => reply({ "0": '["$Q2"]', "1": "[]" })],
    ["a multipart reply whose referred chunk refers to a missing one", () => reply({ "0": '["$1"]', "1": '{"a":"$W5"}' })],
    ["a multipart reply whose referred chunk is not JSON", () => reply({ "0": '["$1"]', "1": "{" })],
    ["a multipart reply with a blob reference to a text field", () => reply({ "0": '["$B1"]', "1": "x" })],
  ])("refuses %s with a 400", async (_name, request) => {
    expect(await serverActionProblem(request(), undefined)).toMatchObject({ status: 400 });
  });

  it("measures nesting outside strings only", () => {
    expect(jsonDepth('[{"a":[1,2]}]')).toBe(3);
    expect(jsonDepth('["[[[[", "\\"[["]')).toBe(1);
  });
});
