import { describe, expect, it } from "vitest";
import { parseEnv } from "@/env";

describe("DATABASE_POOL_MAX", () => {
  it("defaults to 10 connections per process, and an empty value counts as unset", () => {
    expect(parseEnv({}).DATABASE_POOL_MAX).toBe(10);
    expect(parseEnv({ DATABASE_POOL_MAX: " " }).DATABASE_POOL_MAX).toBe(10);
  });

  it("takes a whole number from 1 to 500", () => {
    expect(parseEnv({ DATABASE_POOL_MAX: "25" }).DATABASE_POOL_MAX).toBe(25);
    for (const bad of ["0", "-1", "2.5", "ten", "501"]) expect(() => parseEnv({ DATABASE_POOL_MAX: bad })).toThrow(/DATABASE_POOL_MAX/);
  });
});
