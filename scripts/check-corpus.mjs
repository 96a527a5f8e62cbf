#!/usr/bin/env node
// npm run check:corpus — verifies the labeled feedback corpus (src/features/feedback/classifier/corpus)
// before anyone trains on it: every line valid, labels from the taxonomy, no text twice or nearly
// twice (a near-copy in test would let the classifier score on memory, not on generalisation), the
// balance the labeling guide promises, and a split that is stratified. Prints the counts table;
// exits 1 on any violation. Plain Node, no dependencies.
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), "../src/features/feedback/classifier/corpus");
const FILES = ["train", "test"];
const VALUES = {
  sentiment: ["positive", "negative", "neutral"],
  category: ["accuracy", "communication", "prioritization", "tooling", "timeliness", "general"],
  source: ["observation", "rejection", "comment"],
  hard: [null, "negation", "mixed", "sarcasm", "implicit", "domain", "terse"],
};
const KEYS = ["text", "sentiment", "category", "source", "hard"];
const MIN_TOTAL = 1800;
const MIN_SHARE = { sentiment: 0.28, category: 0.12, source: 0.25 };
const MIN_HARD_SHARE = 1 / 3;
const MIN_PER_HARD_KIND = 60;
const TEST_SHARE = 0.2;
const MIN_TEST_SHARE = 0.1;

const violations = [];
const fail = (message) => violations.push(message);

const rows = [];
for (const file of FILES) {
  const lines = readFileSync(path.join(DIR, `${file}.jsonl`), "utf8").split("\n");
  if (lines.at(-1) === "") lines.pop();
  lines.forEach((line, i) => {
    const where = `${file}.jsonl:${i + 1}`;
    let row;
    try {
      row = JSON.parse(line);
    } catch {
      return fail(`${where}: not valid JSON`);
    }
    if (row === null || typeof row !== "object" || Array.isArray(row)) return fail(`${where}: not an object`);
    const keys = Object.keys(row).sort();
    if (keys.join() !== [...KEYS].sort().join()) return fail(`${where}: keys must be exactly ${KEYS.join(", ")}`);
    if (typeof row.text !== "string" || !row.text.trim() || row.text !== row.text.trim() || /\n/.test(row.text)) {
      return fail(`${where}: text must be a non-empty single line without surrounding spaces`);
    }
    for (const field of ["sentiment", "category", "source", "hard"]) {
      if (!VALUES[field].includes(row[field])) fail(`${where}: ${field} ${JSON.stringify(row[field])} is not one of ${VALUES[field].join(", ")}`);
    }
    rows.push({ ...row, file, where });
  });
}

// Duplicates: case, whitespace and punctuation do not make two texts different.
const normalize = (text) => text.toLowerCase().normalize("NFKC").replace(/[^\p{L}\p{N}\p{Extended_Pictographic}]+/gu, " ").trim();
const seen = new Map();
for (const row of rows) {
  const key = normalize(row.text);
  if (seen.has(key)) fail(`${row.where}: duplicate of ${seen.get(key).where}: ${JSON.stringify(row.text)}`);
  else seen.set(key, row);
}

// Near-duplicates: the same sentence with one word swapped, added or dropped. Every text of four
// words or more is indexed under each of its words masked (swap) and each of its words dropped
// (add/drop); two texts meeting under one key are one edit apart.
const NEAR_MIN_WORDS = 4;
const byKey = new Map();
const near = new Set();
const meet = (key, row) => {
  const other = byKey.get(key);
  if (!other) return byKey.set(key, row);
  if (other === row) return;
  const pair = [other.where, row.where].sort().join(" ~ ");
  if (!near.has(pair)) {
    near.add(pair);
    fail(`${row.where}: near-duplicate of ${other.where}: ${JSON.stringify(other.text)} / ${JSON.stringify(row.text)}`);
  }
};
for (const [text, row] of seen) {
  const words = text.split(" ");
  if (words.length < NEAR_MIN_WORDS - 1) continue;
  if (words.length >= NEAR_MIN_WORDS) {
    words.forEach((_, i) => meet(`swap:${[...words.slice(0, i), "*", ...words.slice(i + 1)].join(" ")}`, row));
    words.forEach((_, i) => meet(`cut:${[...words.slice(0, i), ...words.slice(i + 1)].join(" ")}`, row));
  }
  // A text one word shorter meets the longer one's drop-one keys under its own full text.
  meet(`cut:${text}`, row);
}

// Counts and balance.
const count = (list, field) => Object.fromEntries(VALUES[field].map((v) => [v, list.filter((r) => r[field] === v).length]));
const total = rows.length;
if (total < MIN_TOTAL) fail(`${total} examples; at least ${MIN_TOTAL} required`);
for (const [field, min] of Object.entries(MIN_SHARE)) {
  for (const [value, n] of Object.entries(count(rows, field))) {
    if (n < min * total) fail(`${field} ${value}: ${n} (${pct(n)}), below ${Math.round(min * 100)}%`);
  }
}
const hardRows = rows.filter((r) => r.hard !== null);
if (hardRows.length < MIN_HARD_SHARE * total) fail(`hard examples: ${hardRows.length} (${pct(hardRows.length)}), below a third`);
for (const [kind, n] of Object.entries(count(rows, "hard"))) {
  if (kind !== "null" && n < MIN_PER_HARD_KIND) fail(`hard ${kind}: ${n}, below ${MIN_PER_HARD_KIND}`);
}

// Split: the test split was made once as 20% of the corpus, stratified by sentiment × category ×
// source (labeling guide, "The split"), and stays fixed while new examples go to train. So every
// cell keeps test examples (the test figures cover every cell), and test holds between 10% and
// 22% of the corpus (below 10%, its figures would say more about the new lines than about
// generalisation; above 22%, lines were moved into it).
const cells = new Map();
for (const row of rows) {
  const cell = `${row.sentiment} × ${row.category} × ${row.source}`;
  const c = cells.get(cell) ?? { train: 0, test: 0 };
  c[row.file]++;
  cells.set(cell, c);
}
for (const [cell, c] of cells) {
  const n = c.train + c.test;
  if (c.test < 1 || c.test > n * TEST_SHARE + 1) fail(`split not stratified: ${cell} has ${c.test} of ${n} in test`);
}
const testCount = rows.filter((r) => r.file === "test").length;
if (testCount / total < MIN_TEST_SHARE || testCount / total > TEST_SHARE + 0.02) fail(`test holds ${pct(testCount)} of the corpus, not between ${MIN_TEST_SHARE * 100}% and ${TEST_SHARE * 100 + 2}%`);

function pct(n) {
  return `${((100 * n) / (total || 1)).toFixed(1)}%`;
}

const table = (field) => {
  const lines = [`${field.padEnd(16)}${"train".padStart(7)}${"test".padStart(7)}${"total".padStart(7)}${"share".padStart(8)}`];
  for (const value of VALUES[field]) {
    const of = (file) => rows.filter((r) => r[field] === value && (!file || r.file === file)).length;
    lines.push(`  ${String(value ?? "none").padEnd(14)}${String(of("train")).padStart(7)}${String(of("test")).padStart(7)}${String(of()).padStart(7)}${pct(of()).padStart(8)}`);
  }
  return lines.join("\n");
};
console.log(`${total} examples: ${total - testCount} train, ${testCount} test, ${hardRows.length} hard (${pct(hardRows.length)})\n`);
console.log(["sentiment", "category", "source", "hard"].map(table).join("\n\n"));

if (violations.length) {
  console.error(`\n${violations.length} violation(s):`);
  for (const v of violations.slice(0, 50)) console.error(`- ${v}`);
  if (violations.length > 50) console.error(`- … and ${violations.length - 50} more`);
  process.exit(1);
}
console.log("\nCorpus OK.");
