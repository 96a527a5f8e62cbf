// Benchmark: 1M observations in one workspace → search latency (sort "recent" and "relevance") and
// the change-counter delta for one week. Run with `npm run bench` (see bench/README.md), which
// creates and migrates a fresh database and passes it as BENCH_DATABASE_URL.
//
// Search and delta go through the app's own services (searchMessages, listChangesSince,
// countChangesSince), so the SQL measured is the SQL the app sends; a tap on pg records each query
// for its database time and for EXPLAIN ANALYZE of the slow ones (bench/results/explain-*.txt).
import { mkdirSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import { createRng } from "../prisma/seed/random";
import { CUSTOMER_PREFIXES, RARE, UNCOMMON } from "./lib/corpus";
import { generate, TEMPLATES, WORKSPACE_ID } from "./lib/generate";
import { summarize, table, timed, type Captured, type Summary } from "./lib/measure";
import { benchSettings, log, openBenchDatabase } from "./lib/setup";

const { OBSERVATIONS, AGENTS, DAYS, QUERIES, DELTA_RUNS } = benchSettings({ OBSERVATIONS: 1_000_000, AGENTS: 200, DAYS: 56, QUERIES: 200, DELTA_RUNS: 50 });
const GOALS = { searchP95Ms: 50, deltaP95Ms: 20 };
const RESULTS = "bench/results";

const t0 = Date.now();
const { pool, postgresVersion } = await openBenchDatabase();

// ---- data ------------------------------------------------------------------------------------
console.log(`→ generating ${OBSERVATIONS.toLocaleString("en")} observations over ${DAYS} days for ${AGENTS} agents…`);
const gen = await generate(pool, { observations: OBSERVATIONS, agents: AGENTS, days: DAYS, log });
log(`loaded in ${gen.seconds.load.toFixed(0)} s (incl. VACUUM ${gen.seconds.vacuum.toFixed(0)} s), indexes rebuilt in ${gen.seconds.indexes.toFixed(0)} s, ANALYZE ${gen.seconds.analyze.toFixed(0)} s`);

// The services read DATABASE_URL when first imported (scripts/bench.mjs sets it to this database).
const { searchMessages } = await import("@/features/search/server/search-messages");
const { SearchInput } = await import("@/features/search/schemas");
const { listChangesSince, countChangesSince } = await import("@/features/agents/server/change-feed");

// ---- search: a realistic mix of queries -------------------------------------------------------
const rng = createRng(42);
// Phrases and pairs people would type: most occur in the notes, some (as in real life) never do.
const PHRASES = ["duplicate ticket", "release date", "customer tone", "breaking change", "login loop", "known issue", "4-hour SLA", "root cause",
  "status page", "weekly review", "Enterprise plan", "merged pull requests", "wrong release date", "CSV export", "webhook deliveries", "reply ticket", "customer refund"];
const PAIRS = ["refund billing", "customer tone", "webhook delayed", "export rows", "release notes", "status page", "duplicate ticket", "estimate minutes",
  "escalation weekend", "invoice VAT", "SSO certificate", "checklist escalation"];
const WORDS = ["refund", "billing", "customer", "tone", "webhook", "delayed", "export", "rows", "enterprise", "priority", "release", "notes", "status",
  "reply", "ticket", "duplicate", "estimate", "invoice", "checklist", "escalation", "summary", "SSO", "login", "draft", "agent"];
const categories = {
  "common word": () => rng.pick(["customer", "ticket", "reply", "release", "priority", "estimate", "summary", "checklist", "review", "agent"]),
  "medium word": () => rng.pick(["refund", "duplicate", "webhook", "invoice", "enterprise", "SSO", "export", "escalation", rng.pick(CUSTOMER_PREFIXES), rng.pick(UNCOMMON)]),
  "rare word": () => (rng.chance(0.5) ? rng.pick(RARE) : String(rng.int(10000, 99999))),
  "quoted phrase": () => `"${rng.pick(PHRASES)}"`,
  "two words": () => (rng.chance(0.5) ? rng.pick(PAIRS) : rng.sample(WORDS, 2).join(" ")),
  "operators": () => rng.pick(["refund -duplicate", "sso or webhooks", "customer -reply", '"release date" -wrong']),
  "no match": () => rng.pick(["xylophone", "kubernetes", "blockchain"]),
} as const;
type Category = keyof typeof categories;
const mix: [Category, number][] = [["common word", 25], ["medium word", 20], ["rare word", 15], ["quoted phrase", 15], ["two words", 15], ["operators", 5], ["no match", 5]];
const queries = Array.from({ length: QUERIES }, () => {
  const category = rng.weighted(mix, ([, w]) => w)[0];
  const withTemplate = rng.chance(0.3);
  return { category, q: categories[category](), templateId: withTemplate ? rng.pick(TEMPLATES).id : undefined, filter: withTemplate ? "template" : "all" };
});

type Sample = { category: Category; q: string; filter: string; ms: number; sqlMs: number; hits: number; sql: Captured[] };
async function runSearch(sort: "recent" | "relevance") {
  const samples: Sample[] = [];
  for (const pass of ["warm-up", "timed"]) {
    for (const query of queries) {
      const params = SearchInput.parse({ q: query.q, templateId: query.templateId, sort });
      const { ms, sql, result } = await timed(() => searchMessages(WORKSPACE_ID, params));
      if (pass === "timed") samples.push({ ...query, ms, sqlMs: sql.reduce((s, c) => s + c.ms, 0), hits: result.hits.length, sql });
    }
  }
  return samples;
}
console.log(`→ search: ${QUERIES} queries × 2 sorts (one warm-up pass each)…`);
const search = { recent: await runSearch("recent"), relevance: await runSearch("relevance") };

// ---- delta: everything since the start of the newest 7 days ------------------------------------
console.log(`→ change-counter delta since counter ${gen.weekStartCounter} (start of the newest 7 days)…`);
const sinceCounter = gen.weekStartCounter;
const template = TEMPLATES[0].id;
async function repeat<T>(fn: () => Promise<T>) {
  const samples: { ms: number; sqlMs: number; sql: Captured[]; result: T }[] = [];
  for (let i = 0; i < DELTA_RUNS + 5; i++) {
    const s = await timed(fn);
    if (i >= 5) samples.push({ ...s, sqlMs: s.sql.reduce((a, c) => a + c.ms, 0) });
  }
  return samples;
}
const delta = {
  list: await repeat(() => listChangesSince({ workspaceId: WORKSPACE_ID, sinceCounter, limit: 1000 })),
  listTemplate: await repeat(() => listChangesSince({ workspaceId: WORKSPACE_ID, sinceCounter, templateId: template, limit: 1000 })),
  count: await repeat(() => countChangesSince({ workspaceId: WORKSPACE_ID, templateId: template, sinceCounter })),
};
const weekRows = delta.count[0].result.total; // a lower bound when capped (CHANGE_COUNT_CAP per table)

// ---- EXPLAIN ANALYZE of what missed its goal (and of the delta queries, always) -----------------
mkdirSync(RESULTS, { recursive: true });
for (const f of readdirSync(RESULTS)) if (/^explain-.*\.txt$/.test(f)) rmSync(`${RESULTS}/${f}`);
const explained: string[] = [];
async function explain(name: string, captured: Captured) {
  const { rows } = await pool.query<{ "QUERY PLAN": string }>(`EXPLAIN (ANALYZE, BUFFERS) ${captured.text}`, captured.values);
  const file = `${RESULTS}/explain-${name.replace(/[^a-z0-9]+/gi, "-").toLowerCase()}.txt`;
  writeFileSync(file, `-- ${name}\n-- parameters: ${JSON.stringify(captured.values)}\n${captured.text}\n\n${rows.map((r) => r["QUERY PLAN"]).join("\n")}\n`);
  explained.push(file);
}
for (const [sort, samples] of Object.entries(search)) {
  const byCategory = new Map<string, Sample>();
  for (const s of samples) if (!byCategory.has(s.category) || byCategory.get(s.category)!.ms < s.ms) byCategory.set(s.category, s);
  for (const [category, worst] of byCategory) {
    const main = worst.sql.reduce((a, b) => (b.ms > a.ms ? b : a));
    if (worst.ms > GOALS.searchP95Ms) await explain(`search ${sort} ${category}`, main);
  }
}
await explain("delta listChangesSince", delta.list[0].sql[0]);
await explain("delta countChangesSince", delta.count[0].sql[0]);

// ---- report ------------------------------------------------------------------------------------
const sum = (xs: { ms: number }[]) => summarize(xs.map((x) => x.ms));
const sumSql = (xs: { sqlMs: number }[]) => summarize(xs.map((x) => x.sqlMs));
const verdict = (s: Summary, goal: number) => (s.p95 < goal ? `< ${goal} ✓` : `< ${goal} ✖`);
const rows: [string, Summary, Summary, number | null][] = [
  ["search · sort recent", sum(search.recent), sumSql(search.recent), GOALS.searchP95Ms],
  ["search · sort relevance", sum(search.relevance), sumSql(search.relevance), GOALS.searchP95Ms],
  ["delta · listChangesSince (limit 1000)", sum(delta.list), sumSql(delta.list), GOALS.deltaP95Ms],
  ["delta · countChangesSince (1 template)", sum(delta.count), sumSql(delta.count), GOALS.deltaP95Ms],
  ["delta · listChangesSince (1 template)", sum(delta.listTemplate), sumSql(delta.listTemplate), null],
];
const catNames = mix.map(([c]) => c);
const catRows = catNames.map((c) => {
  const r = summarize(search.recent.filter((s) => s.category === c).map((s) => s.ms));
  const v = summarize(search.relevance.filter((s) => s.category === c).map((s) => s.ms));
  return [c, r.n, r.p50, r.p95, r.max, v.p50, v.p95, v.max];
});

const totalSeconds = (Date.now() - t0) / 1000;
console.log(
  `\nDataset: ${gen.counts.observations.toLocaleString("en")} observations, ${gen.counts.reports.toLocaleString("en")} reports, ${gen.counts.runs.toLocaleString("en")} runs, ` +
    `${gen.counts.changeItems.toLocaleString("en")} change items; ${gen.counts.agents} agents on ${gen.counts.templates} templates over ${DAYS} days. ` +
    `Delta for one week: ${weekRows.toLocaleString("en")}${delta.count[0].result.capped ? "+" : ""} changed rows in the template "${TEMPLATES[0].name}". PostgreSQL ${postgresVersion}, ${os.cpus().length} CPUs.\n`,
);
console.log(table(["ms (service call; sql = database round trip)", "n", "p50", "p95", "max", "sql p50", "sql p95", "goal p95"], rows.map(([name, s, q, goal]) => [name, s.n, s.p50, s.p95, s.max, q.p50, q.p95, goal ? verdict(s, goal) : "—"])));
console.log(`\nsearch by query type (ms)\n`);
console.log(table(["query type", "n", "recent p50", "p95", "max", "relevance p50", "p95", "max"], catRows));
console.log(`\nEXPLAIN ANALYZE: ${explained.join(", ")}`);

const results = {
  benchmark: "search-and-delta",
  finishedAt: new Date().toISOString(),
  totalSeconds,
  machine: { cpus: os.cpus().length, cpuModel: os.cpus()[0]?.model, memoryGb: Math.round(os.totalmem() / 2 ** 30), node: process.version, postgres: postgresVersion },
  dataset: { ...gen.counts, days: DAYS, weekStart: gen.weekStart, weekStartCounter: gen.weekStartCounter, weekDeltaRowsForTemplate: weekRows, generation: gen.seconds },
  goals: GOALS,
  search: Object.fromEntries(
    Object.entries(search).map(([sort, samples]) => [
      sort,
      {
        service: sum(samples),
        sql: sumSql(samples),
        pass: sum(samples).p95 < GOALS.searchP95Ms,
        byCategory: Object.fromEntries(catNames.map((c) => [c, summarize(samples.filter((s) => s.category === c).map((s) => s.ms))])),
        slowest: [...samples].sort((a, b) => b.ms - a.ms).slice(0, 10).map(({ category, q, filter, ms, hits }) => ({ category, q, filter, ms: Math.round(ms * 10) / 10, hits })),
      },
    ]),
  ),
  delta: {
    sinceCounter,
    listChangesSince: { service: sum(delta.list), sql: sumSql(delta.list), rows: delta.list[0].result.length, pass: sum(delta.list).p95 < GOALS.deltaP95Ms },
    countChangesSince: { service: sum(delta.count), sql: sumSql(delta.count), rows: weekRows, pass: sum(delta.count).p95 < GOALS.deltaP95Ms },
    listChangesSinceTemplate: { service: sum(delta.listTemplate), sql: sumSql(delta.listTemplate), rows: delta.listTemplate[0].result.length },
  },
  explain: explained,
};
writeFileSync(`${RESULTS}/latest.json`, JSON.stringify(results, null, 2) + "\n");
console.log(`Results: ${RESULTS}/latest.json (total ${totalSeconds.toFixed(0)} s)`);
await pool.end();
process.exit(0);
