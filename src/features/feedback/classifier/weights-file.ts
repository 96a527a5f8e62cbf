import type { ModelWeights } from "./weights-schema";

/** Path of the generated weights, relative to this folder. */
export const WEIGHTS_FILE = "weights.json";

/**
 * The weights file's text: metadata and model settings pretty-printed, one line per feature, so a
 * retrain shows as a readable diff.
 */
export function serializeWeights(meta: Record<string, unknown>, model: ModelWeights): string {
  const { rows, ...rest } = model;
  const indent = (json: string, by: string) => json.replace(/\n/g, `\n${by}`);
  const rowLines = Object.entries(rows).map(([name, row]) => `      ${JSON.stringify(name)}: ${JSON.stringify(row)}`);
  return [
    "{",
    `  "meta": ${indent(JSON.stringify(meta, null, 2), "  ")},`,
    `  "model": {`,
    ...Object.entries(rest).map(([key, value]) => `    ${JSON.stringify(key)}: ${indent(JSON.stringify(value), "    ")},`),
    `    "rows": {`,
    rowLines.join(",\n"),
    "    }",
    "  }",
    "}",
    "",
  ].join("\n");
}
