import { describe, expect, it } from "vitest";
import { memoize } from "@/lib/memo";

describe("memoize", () => {
  it("computes once per key and answers the same value after", () => {
    const calls: string[] = [];
    const upper = memoize((s: string) => (calls.push(s), { text: s.toUpperCase() }), { max: 10, key: (s) => s });
    const first = upper("a");
    expect(upper("a")).toBe(first);
    expect(upper("b")).toEqual({ text: "B" });
    expect(calls).toEqual(["a", "b"]);
  });

  it("keeps only the most recently used keys", () => {
    let calls = 0;
    const id = memoize((n: number) => (calls++, [n]), { max: 2, key: (n) => String(n) });
    id(1);
    id(2);
    id(1); // 1 is now more recent than 2
    id(3); // evicts 2
    expect(calls).toBe(3);
    id(1);
    expect(calls).toBe(3);
    id(2);
    expect(calls).toBe(4);
  });
});
