import type { HeadWeights, ModelWeights } from "./weights-schema";

/** Path of the generated weights, relative to this folder. */
export const WEIGHTS_FILE = "weights.json";

const indent = (json: string, by: string) => json.replace(/\n/g, `\n${by}`);

function headLines(name: string, { rows, ...rest }: HeadWeights): string[] {
  return [
    `    ${JSON.stringify(name)}: {`,
    ...Object.entries(rest).map(([key, value]) => `      ${JSON.stringify(key)}: ${JSON.stringify(value)},`),
    `      "rows": {`,
    Object.entries(rows)
      .map(([feature, row]) => `        ${JSON.stringify(feature)}: ${JSON.stringify(row)}`)
      .join(",\n"),
    "      }",
    "    },",
  ];
}

/**
 * The weights file's text: metadata pretty-printed, one line per feature, so a retrain shows as a
 * readable diff.
 */
export function serializeWeights(meta: Record<string, unknown>, model: ModelWeights): string {
  return [
    "{",
    `  "meta": ${indent(JSON.stringify(meta, null, 2), "  ")},`,
    `  "model": {`,
    ...headLines("sentiment", model.sentiment),
    ...headLines("category", model.category),
    `    "calibration": ${JSON.stringify(model.calibration)}`,
    "  }",
    "}",
    "",
  ].join("\n");
}
