// Temporary helper while the corpus is written: batches/*.txt → train.jsonl + test.jsonl.
// Line format: "S C H | text" (S + - 0; C acc com pri too tim gen; H - neg mix sar imp dom ter).
import { readFileSync, readdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const here = path.dirname(fileURLToPath(import.meta.url));
const S = { "+": "positive", "-": "negative", 0: "neutral" };
const C = { acc: "accuracy", com: "communication", pri: "prioritization", too: "tooling", tim: "timeliness", gen: "general" };
const H = { "-": null, neg: "negation", mix: "mixed", sar: "sarcasm", imp: "implicit", dom: "domain", ter: "terse" };
const SRC = { obs: "observation", rej: "rejection", com: "comment" };
const rows = [];
let bad = 0;
for (const f of readdirSync(here).filter((f) => f.endsWith(".txt")).sort()) {
  const source = SRC[f.split("-")[0]];
  readFileSync(path.join(here, f), "utf8").split("\n").forEach((line, i) => {
    if (!line.trim() || line.startsWith("#")) return;
    const m = line.match(/^(\S+)\s+(\S+)\s+(\S+)\s+\|\s?(.+)$/);
    if (!m || !(m[1] in S) || !(m[2] in C) || !(m[3] in H) || !source) { bad++; return console.error(`${f}:${i + 1}: ${line}`); }
    rows.push({ text: m[4].trim(), sentiment: S[m[1]], category: C[m[2]], source, hard: H[m[3]] });
  });
}
if (bad) process.exit(1);
const HARD_ORDER = [null, "negation", "mixed", "sarcasm", "implicit", "domain", "terse"];
const hash = (s) => { let h = 2166136261; for (const ch of s) { h ^= ch.codePointAt(0); h = Math.imul(h, 16777619) >>> 0; } return h; };
const cells = new Map();
for (const r of rows) { const k = `${r.sentiment}|${r.category}|${r.source}`; if (!cells.has(k)) cells.set(k, []); cells.get(k).push(r); }
const train = [], test = [];
// Per cell, round(n / 5) go to test; within a cell, the hard kind furthest below its own 20% share goes first.
const hardTotal = {}; for (const r of rows) hardTotal[r.hard] = (hardTotal[r.hard] ?? 0) + 1;
const hardTest = {};
const deficit = (h) => 1 - (hardTest[h] ?? 0) / (hardTotal[h] * 0.2);
for (const key of [...cells.keys()].sort()) {
  const list = cells.get(key).sort((a, b) => hash("seed14:" + a.text) - hash("seed14:" + b.text));
  const t = Math.round(list.length / 5);
  const groups = HARD_ORDER.map((h) => ({ h, items: list.filter((r) => r.hard === h) })).filter((g) => g.items.length);
  for (const g of groups) g.n = Math.floor(g.items.length / 5);
  let rem = t - groups.reduce((s, g) => s + g.n, 0);
  const frac = (g) => g.items.length / 5 - g.n;
  for (const g of [...groups].sort((a, b) => frac(b) - frac(a) || deficit(b.h) - deficit(a.h))) if (rem-- > 0) g.n++;
  for (const g of groups) {
    test.push(...g.items.slice(0, g.n));
    train.push(...g.items.slice(g.n));
    hardTest[g.h] = (hardTest[g.h] ?? 0) + g.n;
  }
}
const order = (list) => list.sort((a, b) => hash("order:" + a.text) - hash("order:" + b.text));
const out = (list) => order(list).map((r) => JSON.stringify({ text: r.text, sentiment: r.sentiment, category: r.category, source: r.source, hard: r.hard })).join("\n") + "\n";
writeFileSync(path.join(here, "../train.jsonl"), out(train));
writeFileSync(path.join(here, "../test.jsonl"), out(test));
// cross table for planning
const cnt = {};
for (const r of rows) { const k = `${r.source}/${r.sentiment}`; cnt[k] ??= {}; cnt[k][r.category] = (cnt[k][r.category] ?? 0) + 1; }
for (const k of Object.keys(cnt).sort()) console.log(k.padEnd(22), Object.entries(cnt[k]).map(([c, n]) => `${c.slice(0, 4)}:${n}`).join(" "));
const hk = {}; for (const r of rows) if (r.hard) { const k = `${r.hard}/${r.source}/${r.sentiment}`; hk[k] = (hk[k] ?? 0) + 1; }
console.log(Object.entries(hk).sort().map(([k, n]) => `${k}:${n}`).join("  "));
