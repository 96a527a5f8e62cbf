import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { LabeledExampleSchema, type LabeledExample } from "./types";

// The labeled corpus (corpus/train.jsonl, corpus/test.jsonl): read and validated line by line, for
// training, evaluation and the test. Never imported by the app.

export const CORPUS_DIR = fileURLToPath(new URL("./corpus", import.meta.url));
export const corpusPath = (split: "train" | "test") => path.join(CORPUS_DIR, `${split}.jsonl`);

export function readLabeled(file: string): LabeledExample[] {
  return readFileSync(file, "utf8")
    .split("\n")
    .flatMap((line, i) => {
      if (!line.trim()) return [];
      const parsed = LabeledExampleSchema.safeParse(JSON.parse(line));
      if (!parsed.success) throw new Error(`${file}:${i + 1}: ${parsed.error.message}`);
      return [parsed.data];
    });
}
