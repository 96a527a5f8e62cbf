// `npm run classify -- <in.jsonl>`: classifies each line {"text": …, "source"?: …} of a file with
// the offline feedback classifier and prints one JSON line per text, in order:
// {"sentiment", "category", "confidence"}.
import { readFileSync } from "node:fs";
import { z } from "zod";
import { classifyFeedbackText } from "@/features/feedback/classifier/model";
import { TEXT_SOURCES } from "@/features/feedback/classifier/types";

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
const lines = readFileSync(file, "utf8").split("\n");
const out: string[] = [];
lines.forEach((line, i) => {
  if (!line.trim()) return;
  const parsed = Line.safeParse(parseJson(line));
  if (!parsed.success) {
    console.error(`${file}:${i + 1}: ${parsed.error.issues.map((x) => `${x.path.join(".") || "line"}: ${x.message}`).join("; ")}`);
    process.exit(1);
  }
  const { sentiment, category, confidence } = classifyFeedbackText(parsed.data.text, parsed.data.source);
  out.push(JSON.stringify({ sentiment, category, confidence: Math.round(confidence * 1e4) / 1e4 }));
});
process.stdout.write(out.length ? `${out.join("\n")}\n` : "");
