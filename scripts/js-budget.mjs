#!/usr/bin/env node
// The JavaScript each page makes a browser download before it is interactive, from the last
// `next build`: the root main files plus the entry chunks of the page and its layouts (the client
// reference manifests), gzip-compressed as the server sends them. Chunks loaded later (dynamic
// imports: charts, the markdown renderer) do not count. Fails when a page is over the budget.
//   node scripts/js-budget.mjs [--budget 180] [--json]     (KB of gzip; NEXT_DIST_DIR is honoured)
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import vm from "node:vm";
import { gzipSync } from "node:zlib";

const args = process.argv.slice(2);
const at = args.indexOf("--budget");
const budgetKb = Number(at >= 0 ? args[at + 1] : process.env.JS_BUDGET_KB || 180);
const distDir = process.env.NEXT_DIST_DIR || ".next";

if (!existsSync(path.join(distDir, "build-manifest.json"))) {
  console.error(`✖ ${distDir}/build-manifest.json is missing: run \`next build\` first.`);
  process.exit(1);
}
const rootMainFiles = JSON.parse(readFileSync(path.join(distDir, "build-manifest.json"), "utf8")).rootMainFiles ?? [];

const gzipped = new Map();
function sizeOf(file) {
  if (!gzipped.has(file)) gzipped.set(file, gzipSync(readFileSync(path.join(distDir, file))).length);
  return gzipped.get(file);
}

function* manifests(dir) {
  for (const entry of readdirSync(dir)) {
    const full = path.join(dir, entry);
    if (statSync(full).isDirectory()) yield* manifests(full);
    else if (entry === "page_client-reference-manifest.js") yield full;
  }
}

const pages = [];
for (const file of manifests(path.join(distDir, "server", "app"))) {
  const sandbox = { globalThis: {} };
  sandbox.globalThis = sandbox;
  vm.runInNewContext(readFileSync(file, "utf8"), sandbox);
  for (const [route, manifest] of Object.entries(sandbox.__RSC_MANIFEST ?? {})) {
    const segments = route.replace(/\/page$/, "");
    // The page and the layouts above it; error pages load only on errors.
    const entries = Object.entries(manifest.entryJSFiles ?? {}).filter(([key]) => {
      const m = /^\[project\]\/src\/app(.*)\/(page|layout)$/.exec(key);
      return m && (m[2] === "page" ? m[1] === segments : segments.startsWith(m[1]));
    });
    const files = [...new Set([...rootMainFiles, ...entries.flatMap(([, list]) => list)])];
    pages.push({ route: segments || "/", kb: Math.round((files.reduce((n, f) => n + sizeOf(f), 0) / 1024) * 10) / 10, files: files.length });
  }
}
pages.sort((a, b) => b.kb - a.kb);
const over = pages.filter((p) => p.kb > budgetKb);

if (args.includes("--json")) console.log(JSON.stringify({ budgetKb, pages }, null, 2));
else {
  const width = Math.max(...pages.map((p) => p.route.length));
  console.log(`JavaScript per page before it is interactive (gzip, budget ${budgetKb} KB):`);
  for (const p of pages) console.log(`  ${p.route.padEnd(width)}  ${String(p.kb).padStart(6)} KB  ${p.files} files${p.kb > budgetKb ? "  ✖ over" : ""}`);
}
if (over.length) {
  console.error(`✖ ${over.length} page(s) over the ${budgetKb} KB budget: ${over.map((p) => `${p.route} (${p.kb} KB)`).join(", ")}`);
  process.exit(1);
}
