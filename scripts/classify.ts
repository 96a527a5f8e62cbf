// `npm run classify -- <in.jsonl>`: classifies each line {"text": …, "source"?: …} of a file
// through exactly the pipeline the product uses for free text (scripts/lib/classify-texts.ts: the
// built-in classifier without AI_PROVIDER, the configured model with one) and prints one JSON line
// per text, in order: {"sentiment", "category", "confidence"} — or {"error"} where the model gave
// no label (the product would leave that text waiting).
import { readFileSync } from "node:fs";
import { z } from "zod";
import { TEXT_SOURCES } from "@/features/feedback/classifier/types";
import { classifyTexts } from "./lib/classify-texts";

const Line = z.object({ text: z.string(), source: z.enum(TEXT_SOURCES).optional() });

/** The line's JSON value, or undefined when it is not JSON (the schema then reports the line). */
function parseJson(line: string): unknown {
  try {
    return JSON.parse(line);
  } catch {
    return undefined;
  }
}

const file = process.argv[2];
if (!file) {
  console.error("usage: npm run classify -- <in.jsonl>   (lines: {\"text\": …, \"source\"?: \"observation\" | \"rejection\" | \"comment\"})");
  process.exit(1);
}
const inputs: z.infer<typeof Line>[] = [];
readFileSync(file, "utf8").split("\n").forEach((line, i) => {
  if (!line.trim()) return;
  const parsed = Line.safeParse(parseJson(line));
  if (!parsed.success) {
    console.error(`${file}:${i + 1}: ${parsed.error.issues.map((x) => `${x.path.join(".") || "line"}: ${x.message}`).join("; ")}`);
    process.exit(1);
  }
  inputs.push(parsed.data);
});
const results = await classifyTexts(inputs);
const lines = results.map((r) => JSON.stringify("error" in r ? r : { sentiment: r.sentiment, category: r.category, confidence: Math.round(r.confidence * 1e4) / 1e4 }));
process.stdout.write(lines.length ? `${lines.join("\n")}\n` : "");
