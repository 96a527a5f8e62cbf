// Which tests failed, read back from the JSON reports Vitest and Playwright write next to their
// console output. `npm test` prints them under its summary: a suite's own failure report scrolls
// far above the end of a long run, and the end is what a CI log keeps.
import { existsSync, readFileSync } from "node:fs";

const firstLines = (text, n = 6) =>
  String(text ?? "")
    .replace(/\u001b\[[0-9;]*m/g, "") // the runners colour their messages
    .split("\n")
    .filter((line) => line.trim() && !line.includes("node_modules/"))
    .slice(0, n)
    .map((line) => `      ${line.slice(0, 300)}`)
    .join("\n");

// Vitest reports a timeout with the stack of where the test was declared, and that stack's first
// line is the placeholder "Error: STACK_TRACE_ERROR" (its json reporter prints the stack, not the
// message "Test timed out in …ms").
const vitestMessage = (text) =>
  String(text ?? "").replace(/^Error: STACK_TRACE_ERROR/, "Error: timed out (the test or hook ran past its time limit; declared at:)");

/** Failures in a Vitest JSON report (`--reporter=json --outputFile.json=…`). */
export function vitestFailures(file) {
  if (!existsSync(file)) return null;
  const report = JSON.parse(readFileSync(file, "utf8"));
  const failures = [];
  for (const suite of report.testResults ?? []) {
    const where = suite.name.replace(`${process.cwd()}/`, "");
    const failed = (suite.assertionResults ?? []).filter((t) => t.status === "failed");
    for (const t of failed) failures.push({ title: `${where} › ${t.fullName}`, detail: firstLines(t.failureMessages?.map(vitestMessage).join("\n")) });
    // A file can fail with no failed test: an error in a hook, an import, or an unhandled rejection.
    if (suite.status === "failed" && failed.length === 0) failures.push({ title: where, detail: firstLines(suite.message) });
  }
  return failures;
}

/** Failures in a Playwright JSON report (the `json` reporter with `outputFile`). */
export function playwrightFailures(file) {
  if (!existsSync(file)) return null;
  const report = JSON.parse(readFileSync(file, "utf8"));
  const failures = [];
  const walk = (suite) => {
    for (const spec of suite.specs ?? []) {
      if (spec.ok) continue;
      const results = spec.tests?.flatMap((t) => t.results ?? []) ?? [];
      const error = results.flatMap((r) => r.errors ?? [r.error]).find(Boolean);
      failures.push({ title: `${spec.file}:${spec.line} › ${spec.title}`, detail: firstLines(error?.message ?? error?.value) });
    }
    for (const child of suite.suites ?? []) walk(child);
  };
  for (const suite of report.suites ?? []) walk(suite);
  for (const error of report.errors ?? []) failures.push({ title: "outside any test", detail: firstLines(error.message) });
  return failures;
}

/** Lines for the summary: each failure's title and the first lines of its message. */
export function describeFailures(failures) {
  if (failures === null) return ["    (no report was written)"];
  // Vitest fails a run on an error thrown outside every test (an unhandled rejection in a timer,
  // say) while each test passed; its own output prints it under "Unhandled Errors".
  if (failures.length === 0) return ["    (no test failed: look for \"Unhandled Errors\" or an error outside the tests above)"];
  return failures.map((f) => `    ✖ ${f.title}${f.detail ? `\n${f.detail}` : ""}`);
}
