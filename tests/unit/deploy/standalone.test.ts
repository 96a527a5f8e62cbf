import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { prepareStandalone } from "../../../scripts/lib/standalone.mjs";

// The standalone server's preparation copies the build's static files next to it once per build:
// a second server started on the same build (the e2e suite's specs start their own beside the
// suite's) must not delete the files the first is serving (a chunk asked for then got a 500).

const distDir = mkdtempSync(path.join(tmpdir(), "standalone-"));
afterAll(() => rmSync(distDir, { recursive: true, force: true }));

describe("prepareStandalone", () => {
  it("copies the static files once per build, and again for a new build", () => {
    mkdirSync(path.join(distDir, "standalone"), { recursive: true });
    mkdirSync(path.join(distDir, "static", "chunks"), { recursive: true });
    writeFileSync(path.join(distDir, "standalone", "server.js"), "");
    writeFileSync(path.join(distDir, "static", "chunks", "a.js"), "1");
    writeFileSync(path.join(distDir, "BUILD_ID"), "build-1\n");

    prepareStandalone(distDir);
    const served = path.join(distDir, "standalone", distDir, "static", "chunks");
    expect(existsSync(path.join(served, "a.js"))).toBe(true);

    // A file only the served copy has survives a second preparation of the same build: nothing was deleted.
    writeFileSync(path.join(served, "in-use.js"), "");
    prepareStandalone(distDir);
    expect(existsSync(path.join(served, "in-use.js"))).toBe(true);

    writeFileSync(path.join(distDir, "BUILD_ID"), "build-2\n");
    prepareStandalone(distDir);
    expect(existsSync(path.join(served, "in-use.js"))).toBe(false);
    expect(existsSync(path.join(served, "a.js"))).toBe(true);
  });
});
