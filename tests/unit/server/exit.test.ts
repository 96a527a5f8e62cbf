import { describe, expect, it, vi } from "vitest";
import { exitForBadConfiguration } from "@/server/exit";

describe("a server started with a configuration it cannot run with", () => {
  it("prints why and exits 1 before serving", () => {
    const exit = vi.fn() as unknown as NodeJS.Process["exit"];
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    exitForBadConfiguration(new Error("Invalid environment configuration:\n  API_RATE_LIMIT_PER_MINUTE: must be a number"), { exit } as NodeJS.Process);
    expect(exit).toHaveBeenCalledWith(1);
    expect(error).toHaveBeenCalledWith("✖ Invalid environment configuration:\n  API_RATE_LIMIT_PER_MINUTE: must be a number");
    error.mockRestore();
  });
});
