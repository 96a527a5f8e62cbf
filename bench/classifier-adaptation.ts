// Benchmark: a workspace adaptation of the classifier (src/features/feedback/classifier/adapt.ts)
// retrained from CORRECTIONS corrections as the `adapt-classifier` job does it — the held-out check
// (5-fold: five adaptations on four fifths each) then the adaptation on all of them — and the
// classification of 10,000 texts through it. Goal: < 10 s for 1,000 corrections on 2 cores.
// No database. Run with `npm run bench -- classifier-adaptation`.
//   The corrections are corpus texts (train + test) with their labels, cycled.
import { mkdirSync, writeFileSync } from "node:fs";
import os from "node:os";
import { classifyWithAdaptation, trainAdaptation } from "@/features/feedback/classifier/adapt";
import { corpusPath, readLabeled } from "@/features/feedback/classifier/corpus-file";
import { heldOutAccuracy } from "@/features/feedback/server/adapt-classifier";
import { summarize } from "./lib/measure";
import { benchSettings, log } from "./lib/setup";

const { CORRECTIONS, ROUNDS, TEXTS } = benchSettings({ CORRECTIONS: 1_000, ROUNDS: 3, TEXTS: 10_000 });
const GOAL_MS = 10_000;
const RESULTS = "bench/results";

const corpus = [...readLabeled(corpusPath("train")), ...readLabeled(corpusPath("test"))];
const corrections = Array.from({ length: CORRECTIONS }, (_, i) => corpus[(i * 7) % corpus.length]).map(({ text, source, sentiment, category }) => ({ text, source, sentiment, category }));
classifyWithAdaptation(null, "warm-up: loads the shipped weights");

const wall: number[] = [];
const cpuMs: number[] = [];
let stored = 0;
let check = { accuracy: 0, baseAccuracy: 0 };
let adaptation = trainAdaptation(corrections.slice(0, 5));
for (let r = 0; r < ROUNDS; r++) {
  const started = performance.now();
  const cpu = process.cpuUsage();
  check = heldOutAccuracy(corrections);
  adaptation = trainAdaptation(corrections);
  const used = process.cpuUsage(cpu);
  wall.push(performance.now() - started);
  cpuMs.push((used.user + used.system) / 1000);
  stored = JSON.stringify(adaptation).length;
}
const inputs = Array.from({ length: TEXTS }, (_, i) => corpus[i % corpus.length]);
const classifyStarted = performance.now();
for (const { text, source } of inputs) classifyWithAdaptation(adaptation, text, source);
const classifyMs = performance.now() - classifyStarted;

const s = summarize(wall);
const cpu = summarize(cpuMs);
log(`${CORRECTIONS.toLocaleString("en")} corrections: held-out check + adaptation p50 ${s.p50.toFixed(0)} ms wall, max ${s.max.toFixed(0)} ms; CPU p50 ${cpu.p50.toFixed(0)} ms`);
log(`held-out accuracy (both labels) ${(100 * check.accuracy).toFixed(1)}% adapted vs ${(100 * check.baseAccuracy).toFixed(1)}% shipped; stored adaptation ${(stored / 1024).toFixed(0)} KiB`);
log(`${TEXTS.toLocaleString("en")} texts through the adaptation: ${classifyMs.toFixed(0)} ms`);
log(`goal < ${GOAL_MS} ms: ${s.p50 < GOAL_MS ? "✓" : "✖"}`);
mkdirSync(RESULTS, { recursive: true });
writeFileSync(`${RESULTS}/classifier-adaptation.json`, JSON.stringify({ corrections: CORRECTIONS, rounds: s, cpuMs: cpu, storedBytes: stored, classifyMs, texts: TEXTS, goalMs: GOAL_MS, machine: { cpus: os.cpus().length, load: os.loadavg() } }, null, 2));
