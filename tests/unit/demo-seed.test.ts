import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { demoSeedState } from "@/server/demo-seed";

// The sign-in page's word on the demo seed that `npm run dev` runs beside Next's start.
describe("demoSeedState", () => {
  const dir = mkdtempSync(path.join(tmpdir(), "demo-seed-"));
  const file = (name: string, content: string) => {
    const p = path.join(dir, name);
    writeFileSync(p, content);
    return p;
  };

  it("reads what the launcher recorded", () => {
    expect(demoSeedState(file("running.json", JSON.stringify({ state: "running", at: "2026-11-29T00:00:00Z" })))).toBe("running");
    expect(demoSeedState(file("done.json", JSON.stringify({ state: "done" })))).toBe("done");
    expect(demoSeedState(file("failed.json", JSON.stringify({ state: "failed" })))).toBe("failed");
  });

  it("says nothing without a launcher, a file, or a state it knows", () => {
    expect(demoSeedState(undefined)).toBeNull();
    expect(demoSeedState(path.join(dir, "missing.json"))).toBeNull();
    expect(demoSeedState(file("torn.json", '{"sta'))).toBeNull();
    expect(demoSeedState(file("odd.json", JSON.stringify({ state: "seeding" })))).toBeNull();
  });
});
