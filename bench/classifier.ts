// Benchmark: the offline feedback classifier (src/features/feedback/classifier) — how long
// `classifyFeedbackText` takes for 10,000 texts, in one process, after the weights are loaded.
// Goal: 10,000 texts < 1 s. No database. Run with `npm run bench -- classifier`.
//   The texts are the corpus's (train + test, ~3,800 texts, 1–90 words), cycled to TEXTS; each
//   round classifies all of them once; the first call (weights validated and compiled) is timed
//   on its own.
import { mkdirSync, writeFileSync } from "node:fs";
import os from "node:os";
import { corpusPath, readLabeled } from "@/features/feedback/classifier/corpus-file";
import { classifyFeedbackText } from "@/features/feedback/classifier/model";
import { summarize } from "./lib/measure";
import { benchSettings, log } from "./lib/setup";

const { TEXTS, ROUNDS } = benchSettings({ TEXTS: 10_000, ROUNDS: 7 });
const GOAL_MS = 1000;
const RESULTS = "bench/results";

const corpus = [...readLabeled(corpusPath("train")), ...readLabeled(corpusPath("test"))];
const inputs = Array.from({ length: TEXTS }, (_, i) => corpus[i % corpus.length]);

const loadStarted = performance.now();
classifyFeedbackText("warm-up: loads the weights");
const loadMs = performance.now() - loadStarted;

// Wall time, and CPU time (this machine is shared: the CPU time says what the code costs when other
// work takes the cores).
const rounds: number[] = [];
const cpuRounds: number[] = [];
let positives = 0;
for (let r = 0; r < ROUNDS; r++) {
  const started = performance.now();
  const cpu = process.cpuUsage();
  for (const { text, source } of inputs) if (classifyFeedbackText(text, source).sentiment === "positive") positives++;
  const used = process.cpuUsage(cpu);
  rounds.push(performance.now() - started);
  cpuRounds.push((used.user + used.system) / 1000);
}
const s = summarize(rounds);
const cpu = summarize(cpuRounds);
console.log(`→ ${TEXTS.toLocaleString("en")} texts × ${ROUNDS} rounds (${positives / ROUNDS} labelled positive each round)`);
log(`first call (load + compile the weights): ${loadMs.toFixed(1)} ms`);
log(`${TEXTS.toLocaleString("en")} texts: p50 ${s.p50.toFixed(0)} ms, max ${s.max.toFixed(0)} ms (${((TEXTS / s.p50) * 1000).toFixed(0)} texts/s, ${((s.p50 * 1000) / TEXTS).toFixed(1)} µs per text); CPU time p50 ${cpu.p50.toFixed(0)} ms`);
log(`goal < ${GOAL_MS} ms: ${s.p50 < GOAL_MS ? "✓" : "✖"}`);
mkdirSync(RESULTS, { recursive: true });
writeFileSync(`${RESULTS}/classifier.json`, JSON.stringify({ texts: TEXTS, rounds: s, cpuMs: cpu, loadMs, goalMs: GOAL_MS, machine: { cpus: os.cpus().length, model: os.cpus()[0]?.model, load: os.loadavg() } }, null, 2));
