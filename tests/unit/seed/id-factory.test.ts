import { describe, expect, it } from "vitest";
import { shortAgentName } from "@/features/agents/names";
import { createIdFactory } from "../../../prisma/seed/random";

// The demo seed makes its own ids (related rows are written together). Pages tell agents apart by
// the end of their id ("Agent k3x9q2", the Instances tab): the demo's agents must not all end alike.

describe("the demo seed's ids", () => {
  it("are unique, shaped like Prisma's cuid(), and differ at their end", () => {
    const next = createIdFactory();
    const ids = Array.from({ length: 5_000 }, next);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids.slice(0, 50)) expect(id).toMatch(/^c[0-9a-z]{24}$/);
    const shortNames = new Set(ids.slice(0, 500).map(shortAgentName));
    expect(shortNames.size).toBeGreaterThanOrEqual(499); // 36^6 endings: a clash among 500 is rare, never the rule
  });

  it("differ between two seeds run the same millisecond", () => {
    const [a, b] = [createIdFactory(), createIdFactory()];
    const first = Array.from({ length: 100 }, a);
    expect(Array.from({ length: 100 }, b).filter((id) => first.includes(id)).length).toBeLessThanOrEqual(1);
  });
});
