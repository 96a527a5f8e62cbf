import { describe, expect, it } from "vitest";
import { isPostgresError } from "@/server/pg-errors";

describe("isPostgresError", () => {
  it("recognises a PostgreSQL error by its code however it is wrapped, or by its message", () => {
    expect(isPostgresError({ code: "40P01", message: "deadlock detected" }, "40P01", "deadlock detected")).toBe(true);
    expect(isPostgresError({ message: "Transaction failed", cause: { originalCode: "57014" } }, "57014", "statement timeout")).toBe(true);
    expect(isPostgresError({ meta: { code: "57014" } }, "57014", "statement timeout")).toBe(true);
    expect(isPostgresError(new Error("canceling statement due to statement timeout"), "57014", "statement timeout")).toBe(true);
  });

  it("says no to another code, another message and what is not an error", () => {
    expect(isPostgresError({ code: "23505", message: "duplicate key value" }, "40P01", "deadlock detected")).toBe(false);
    expect(isPostgresError(null, "40P01", "deadlock detected")).toBe(false);
    expect(isPostgresError("deadlock", "40P01", "deadlock detected")).toBe(false);
  });
});
