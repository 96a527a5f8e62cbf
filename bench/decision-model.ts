// Benchmark: the decision model's fit and scoring for a large template (features/decision-model).
// Goal: fit + scoring for a 10k-agent template under 1 s. No database: the rows are what
// fit-template.ts reads for such a template over 8 weeks — each agent's run proposing a checklist,
// an estimate and (one run in three) a status change, decided by one of 5 reviewers, and rated —
// built in memory with the product's own property reader. Run with `npm run bench -- decision-model`.
import { mkdirSync, writeFileSync } from "node:fs";
import os from "node:os";
import { fitDecisionModel, scoreProposal, type DecisionRow, type RatingRow } from "@/features/decision-model/fit";
import { checklistProperties, estimateProperties, reportProperties, statusProperties } from "@/features/decision-model/properties";
import { mulberry32 } from "@/lib/random";
import { summarize } from "./lib/measure";
import { benchSettings, log } from "./lib/setup";

const { AGENTS, ROUNDS } = benchSettings({ AGENTS: 10_000, ROUNDS: 5 });
const GOAL_MS = 1000;
const DAY = 86_400_000;
const next = mulberry32(7);
const start = Date.UTC(2026, 0, 5);
const reviewers = ["r1", "r2", "r3", "r4", "r5"];
const noise = (verdict: boolean) => (next() < 0.1 ? next() < 0.5 : verdict);

const decisions: DecisionRow[] = [];
const ratings: RatingRow[] = [];
for (let a = 0; a < AGENTS; a++) {
  const at = new Date(start + Math.floor((a / AGENTS) * 56 * DAY));
  const reviewerId = reviewers[a % reviewers.length]!;
  const items = 1 + Math.floor(next() * 9);
  decisions.push({ kind: "checklist", properties: checklistProperties(Array.from({ length: items }, (_, i) => (i === 0 && next() < 0.5 ? "Reproduce the issue" : `Step ${i}`))), confirmed: noise(items <= 5), reviewerId, at });
  const minutes = [10, 15, 20, 25, 30, 45, 60, 75, 90, 120][Math.floor(next() * 10)]!;
  const reason = next() < 0.6;
  decisions.push({ kind: "estimate", properties: estimateProperties(minutes, reason ? `Estimate ${minutes} min: three steps of work.` : `Estimate ${minutes} min`), confirmed: noise(reason && minutes % 15 === 0), reviewerId, at });
  if (a % 3 === 0) decisions.push({ kind: "status", properties: statusProperties(next() < 0.5 ? "done" : "in_progress", [{ done: next() < 0.5 }]), confirmed: noise(false), reviewerId, at });
  const sentences = 2 + Math.floor(next() * 9);
  ratings.push({ properties: reportProperties(Array.from({ length: sentences }, (_, i) => `Sentence ${i} says something.`).join(" ")), rating: (sentences <= 5 ? 0.85 : 0.5) + (next() - 0.5) * 0.1, at });
}

const fitRounds: number[] = [];
const cpuRounds: number[] = [];
let scored = 0;
let signals = 0;
for (let r = 0; r < ROUNDS; r++) {
  const started = performance.now();
  const cpu = process.cpuUsage();
  const model = fitDecisionModel(decisions, ratings);
  // Scoring: every decided proposal once (what a replay of the whole template would ask).
  for (const d of decisions) if ((scoreProposal(model, d.kind, d.properties, d.reviewerId) ?? 0) >= 0.5) scored++;
  const used = process.cpuUsage(cpu);
  fitRounds.push(performance.now() - started);
  cpuRounds.push((used.user + used.system) / 1000);
  signals = model.signals.length + model.ratingSignals.length;
}
const s = summarize(fitRounds);
const cpu = summarize(cpuRounds);
console.log(`→ ${AGENTS.toLocaleString("en")} agents: ${decisions.length.toLocaleString("en")} decisions, ${ratings.length.toLocaleString("en")} ratings × ${ROUNDS} rounds (${signals} signals; ${Math.round(scored / ROUNDS).toLocaleString("en")} scored ≥ 0.5 each round)`);
log(`fit + scoring: p50 ${s.p50.toFixed(0)} ms, max ${s.max.toFixed(0)} ms; CPU time p50 ${cpu.p50.toFixed(0)} ms`);
log(`goal < ${GOAL_MS} ms: ${s.p50 < GOAL_MS ? "✓" : "✖"}`);
mkdirSync("bench/results", { recursive: true });
writeFileSync("bench/results/decision-model.json", JSON.stringify({ agents: AGENTS, decisions: decisions.length, ratings: ratings.length, rounds: s, cpuMs: cpu, goalMs: GOAL_MS, machine: { cpus: os.cpus().length, model: os.cpus()[0]?.model, load: os.loadavg() } }, null, 2));
