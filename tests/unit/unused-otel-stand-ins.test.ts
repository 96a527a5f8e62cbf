import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// package.json replaces two of inngest's dependencies with stand-ins (packages/unused-otel): they and
// their ≈ 240 transitive packages were a quarter of every install, and no code path of ours loads
// them. These tests fail when that stops being true: our code reaching inngest's only path that
// loads them, or an inngest upgrade importing them from somewhere else.

const STAND_INS = ["@opentelemetry/auto-instrumentations-node", "@traceloop/instrumentation-anthropic"];

function filesUnder(dir: string, keep: (file: string) => boolean, out: string[] = []): string[] {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== "node_modules" && entry.name !== "generated") filesUnder(full, keep, out);
    } else if (keep(full)) out.push(full);
  }
  return out;
}

describe("the stand-ins for inngest's unused OpenTelemetry packages", () => {
  it("are what is installed", () => {
    for (const name of STAND_INS) {
      const installed = JSON.parse(readFileSync(path.join("node_modules", name, "package.json"), "utf8")) as { version: string };
      expect(installed.version, name).toBe("0.0.0-agent-coach-unused");
    }
  });

  it("are imported by inngest from one file only, its deprecated createProvider path", () => {
    const importers = filesUnder("node_modules/inngest", (f) => /\.(c?js|mjs)$/.test(f))
      .filter((f) => STAND_INS.some((name) => readFileSync(f, "utf8").includes(`"${name}"`)))
      .map((f) => path.relative("node_modules/inngest", f))
      .sort();
    expect(importers).toEqual(["components/execution/otel/util.cjs", "components/execution/otel/util.js"]);
    const util = readFileSync("node_modules/inngest/components/execution/otel/util.js", "utf8");
    expect(util).toMatch(/const createProvider = async/);
  });

  it("that path is never reached: nothing of ours uses inngest's experimental traces middleware", () => {
    const ours = ["src", "scripts", "lab", "bench", "prisma"].flatMap((dir) => filesUnder(dir, (f) => /\.(ts|tsx|mts|mjs)$/.test(f)));
    const users = ours.filter((f) => /inngest\/experimental|extendedTracesMiddleware/.test(readFileSync(f, "utf8")));
    expect(users).toEqual([]);
  });
});
