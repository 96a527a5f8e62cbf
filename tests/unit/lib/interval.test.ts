import { describe, expect, it } from "vitest";
import { wilsonInterval } from "@/lib/interval";

describe("the Wilson interval of a proportion", () => {
  it("matches the textbook values and stays within 0–1", () => {
    const a = wilsonInterval(8, 10)!;
    expect(a.low).toBeCloseTo(0.4902, 3);
    expect(a.high).toBeCloseTo(0.9433, 3);
    // 3 of 3 is not "100% ± 0".
    const all = wilsonInterval(3, 3)!;
    expect(all.high).toBe(1);
    expect(all.low).toBeCloseTo(0.4385, 3);
    expect(wilsonInterval(0, 0)).toBeNull();
  });
});
