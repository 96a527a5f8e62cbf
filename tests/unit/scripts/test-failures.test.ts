import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
// @ts-expect-error: a plain .mjs module of the test runner script, without types
import { describeFailures, vitestFailures } from "../../../scripts/lib/test-failures.mjs";

const dir = mkdtempSync(path.join(tmpdir(), "vitest-report-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let n = 0;

function report(json: unknown) {
  const file = path.join(dir, `vitest-${++n}.json`);
  writeFileSync(file, JSON.stringify(json));
  return file;
}

describe("npm test's list of failed Vitest tests", () => {
  it("names a timed-out test as a timeout, with where it is declared", () => {
    const file = report({
      testResults: [
        {
          name: `${process.cwd()}/tests/integration/x.test.ts`,
          status: "failed",
          assertionResults: [
            { status: "passed", fullName: "fine", failureMessages: [] },
            { status: "failed", fullName: "slow one", failureMessages: ["Error: STACK_TRACE_ERROR\n    at /repo/tests/integration/x.test.ts:114:3"] },
          ],
        },
      ],
    });
    const failures = vitestFailures(file);
    expect(failures).toHaveLength(1);
    expect(failures[0].title).toBe("tests/integration/x.test.ts › slow one");
    expect(failures[0].detail).toContain("timed out");
    expect(failures[0].detail).toContain("x.test.ts:114:3");
    expect(failures[0].detail).not.toContain("STACK_TRACE_ERROR");
  });

  it("keeps an assertion's own message, and says when a file failed outside its tests", () => {
    const file = report({
      testResults: [
        { name: "a.test.ts", status: "failed", assertionResults: [{ status: "failed", fullName: "equal", failureMessages: ["AssertionError: expected 1 to be 2"] }] },
        { name: "b.test.ts", status: "failed", message: "Cannot find module './gone'", assertionResults: [] },
      ],
    });
    const lines = describeFailures(vitestFailures(file)).join("\n");
    expect(lines).toContain("✖ a.test.ts › equal\n      AssertionError: expected 1 to be 2");
    expect(lines).toContain("✖ b.test.ts\n      Cannot find module './gone'");
  });
});
