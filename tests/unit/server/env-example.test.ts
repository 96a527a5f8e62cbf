import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { ENV_KEYS } from "@/env";

// .env.example is where a team starts: every variable src/env.ts reads is in it, with a comment.

describe(".env.example", () => {
  const lines = readFileSync(new URL("../../../.env.example", import.meta.url), "utf8").split("\n");

  it("lists every variable src/env.ts reads, each under a comment, and no secret value", () => {
    for (const key of ENV_KEYS) {
      const at = lines.findIndex((l) => l.startsWith(`${key}=`));
      expect(at, key).toBeGreaterThan(0);
      // The comment is the line above, or above a run of related variables.
      const above = lines.slice(0, at).reverse().find((l) => !/^[A-Z_]+=/.test(l));
      expect(above?.startsWith("#"), key).toBe(true);
    }
    for (const key of ["AUTH_SECRET", "INNGEST_EVENT_KEY", "INNGEST_SIGNING_KEY", "AI_API_KEY", "POSTGRES_PASSWORD"]) expect(lines).toContain(`${key}=`);
  });
});
