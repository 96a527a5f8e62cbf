import { describe, expect, it } from "vitest";
import { CallbackPathSchema } from "@/features/auth/schemas";
import { safeCallbackPath } from "@/lib/safe-path";

// After signing in the app goes back where the person came from — only ever on this app.

describe("safeCallbackPath", () => {
  it.each([
    ["/w/demo/tasks?status=open#top", "/w/demo/tasks?status=open#top"],
    ["/invite/abc", "/invite/abc"],
    ["/", "/"],
  ])("keeps a path on this app: %s", (input, expected) => expect(safeCallbackPath(input)).toBe(expected));

  it.each([
    ["/\t/evil.example", "a tab a browser drops"],
    ["/\n/evil.example", "a newline"],
    ["/\r/evil.example", "a carriage return"],
    ["//evil.example", "protocol-relative"],
    ["/\\evil.example", "a backslash"],
    ["/%5Cevil.example/..\\x", "a backslash after decoding"],
    ["https://evil.example/", "absolute"],
    ["javascript:alert(1)", "a script URL"],
    ["evil.example", "not a path"],
    ["/\u0000", "a NUL"],
    ["", "empty"],
  ])("sends %j (%s) home instead", (input) => {
    const path = safeCallbackPath(input);
    expect(new URL(path, "http://app.test").origin).toBe("http://app.test");
    expect(path).not.toMatch(/evil|javascript/);
  });

  it("the page's schema takes whatever the query holds (a list, nothing) without throwing", () => {
    expect(CallbackPathSchema.parse(["/a", "/b"])).toBe("/");
    expect(CallbackPathSchema.parse(undefined)).toBe("/");
    expect(CallbackPathSchema.parse("/w/x")).toBe("/w/x");
  });
});
