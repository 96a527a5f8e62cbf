import { describe, expect, it } from "vitest";
import { streams } from "@/lab/random";

describe("the lab's random streams", () => {
  it("repeat for the same seed and name, and differ by name and seed", () => {
    const draw = (seed: number, ...name: (string | number)[]) => Array.from({ length: 5 }, ((r) => () => r.next())(streams(seed)(...name)));
    expect(draw(1, "verdict", 3, 7)).toEqual(draw(1, "verdict", 3, 7));
    expect(draw(1, "verdict", 3, 7)).not.toEqual(draw(1, "verdict", 3, 8));
    expect(draw(1, "verdict", 3, 7)).not.toEqual(draw(2, "verdict", 3, 7));
  });

  it("shuffles every item once", () => {
    const items = Array.from({ length: 60 }, (_, i) => i);
    const shuffled = streams(1)("tickets", 0).shuffle(items);
    expect([...shuffled].sort((a, b) => a - b)).toEqual(items);
    expect(shuffled).not.toEqual(items);
  });
});
