#!/usr/bin/env node
// Where a page's server CPU goes: sums a V8 CPU profile's samples by package (Next's renderer, the
// app's own bundle, Prisma, pg, Node's internals, GC, native calls such as writev) over the windows in
// which `npm run bench -- pages` measured the pages (their `profileWindows` in the results file), so
// start-up and warm-up do not blur the picture. Only the main thread is sampled: V8's background
// threads (optimising compiler, concurrent GC) are not in a CPU profile.
//
//   node bench/lib/profile-summary.mjs <profile.cpuprofile> <bench/results/pages-….json> [page name] [--functions]
import { readFileSync } from "node:fs";

const args = process.argv.slice(2);
const [profileFile, resultsFile, pageName] = args.filter((a) => !a.startsWith("--"));
if (!profileFile || !resultsFile) {
  console.error("usage: node bench/lib/profile-summary.mjs <profile.cpuprofile> <pages results .json> [page name] [--functions]");
  process.exit(1);
}
const profile = JSON.parse(readFileSync(profileFile, "utf8"));
const { profileWindows = [] } = JSON.parse(readFileSync(resultsFile, "utf8"));
const windows = profileWindows.filter((w) => !pageName || w.page === pageName);
if (windows.length === 0) {
  console.error(`no measured window${pageName ? ` for "${pageName}"` : ""} in ${resultsFile}`);
  process.exit(1);
}

/** Where a frame's code comes from: a package, the app's bundle, Node's internals, or a native call. */
function origin({ url, functionName }) {
  if (functionName === "(garbage collector)") return "GC";
  if (["(idle)", "(program)", "(root)"].includes(functionName)) return functionName;
  if (!url) return `native: ${functionName}`;
  if (url.startsWith("node:")) return "Node internals";
  const pkg = /node_modules\/((@[^/]+\/)?[^/]+)/.exec(url)?.[1];
  if (pkg === "next") return `next: ${/next\/dist\/(compiled\/[^/]+|[^/]+)/.exec(url)?.[1] ?? "?"}`;
  if (pkg) return pkg;
  return url.includes("/.next/server/") ? "app bundle (.next/server)" : url;
}

const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
const byOrigin = new Map();
const byFunction = new Map();
let t = profile.startTime;
const inWindow = (us) => windows.some((w) => us >= w.startUs && us <= w.endUs);
profile.samples.forEach((id, i) => {
  t += profile.timeDeltas[i];
  if (!inWindow(t)) return;
  const frame = nodes.get(id).callFrame;
  const key = origin(frame);
  byOrigin.set(key, (byOrigin.get(key) ?? 0) + profile.timeDeltas[i]);
  const fn = `${frame.functionName || "(anonymous)"} ${frame.url.split("/").slice(-2).join("/")}:${frame.lineNumber}`;
  byFunction.set(fn, (byFunction.get(fn) ?? 0) + profile.timeDeltas[i]);
});
const busy = [...byOrigin].filter(([k]) => k !== "(idle)").reduce((sum, [, us]) => sum + us, 0);
const windowUs = windows.reduce((sum, w) => sum + (w.endUs - w.startUs), 0);
console.log(`${windows.length} window(s)${pageName ? ` of "${pageName}"` : ""}: ${(windowUs / 1000).toFixed(0)} ms, main thread busy ${(busy / 1000).toFixed(0)} ms`);
const print = (map, limit) => {
  for (const [key, us] of [...map].filter(([k]) => k !== "(idle)").sort((a, b) => b[1] - a[1]).slice(0, limit)) {
    console.log(`${((100 * us) / busy).toFixed(1).padStart(5)}%  ${(us / 1000).toFixed(1).padStart(8)} ms  ${key}`);
  }
};
print(byOrigin, 20);
if (args.includes("--functions")) {
  console.log("\nfunctions (self time):");
  print(byFunction, 30);
}
