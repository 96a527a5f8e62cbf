// `npm run eval:classifier -- --adapt …`: the adaptation loop simulated on each held-out group of
// the labeled corpus (src/features/feedback/classifier/evaluate-adaptation.ts), printed as a table
// (or JSON). The base model of each group is fitted with the shipped weights' settings.
import { z } from "zod";
import { ADAPTATION_L2 } from "@/features/feedback/classifier/adapt";
import { corpusPath, readLabeled } from "@/features/feedback/classifier/corpus-file";
import { simulateAdaptation, type AdaptationRun, type BaseSettings } from "@/features/feedback/classifier/evaluate-adaptation";
import { GROUPS } from "@/features/feedback/classifier/train/held-out-groups";
import weightsFile from "@/features/feedback/classifier/weights.json";
import { WeightsFileSchema } from "@/features/feedback/classifier/weights-schema";

export const DEFAULT_KS = [0, 10, 25, 50, 100];

const MetaSchema = z.object({
  minCount: z.number(),
  chosen: z.object({ sentiment: z.object({ l2: z.number(), negativeShift: z.number() }), category: z.object({ l2: z.number() }) }),
});

export function shippedSettings(): BaseSettings {
  const { meta, model } = WeightsFileSchema.parse(weightsFile);
  const m = MetaSchema.parse(meta);
  return {
    features: { sentiment: model.sentiment.features, category: model.category.features },
    minCount: m.minCount,
    l2: { sentiment: m.chosen.sentiment.l2, category: m.chosen.category.l2 },
    negativeShift: m.chosen.sentiment.negativeShift,
    calibration: model.calibration,
  };
}


const pct = (x: number) => `${(100 * x).toFixed(1)}%`;

export async function runAdaptationLab({ ks = DEFAULT_KS, group, l2 = ADAPTATION_L2, json = false }: { ks?: number[]; group?: string; l2?: number; json?: boolean }): Promise<AdaptationRun[]> {
  const groups = group ? GROUPS.filter((g) => g.name === group) : GROUPS;
  if (!groups.length) throw new Error(`unknown group ${group}: one of ${GROUPS.map((g) => g.name).join(", ")}`);
  // The whole labeled corpus: a held-out group needs enough texts to be corrected and measured.
  const examples = [...readLabeled(corpusPath("train")), ...readLabeled(corpusPath("test"))];
  const base = shippedSettings();
  const runs: AdaptationRun[] = [];
  if (!json) console.log(`Adaptation lab (λ = ${l2}): both labels right on the measured half of each held-out group, after K corrections of its other half (least confident first)\n`);
  if (!json) console.log(`${"group".padEnd(18)} ${"measured".padStart(8)}  ${ks.map((k) => `K=${k}`.padStart(7)).join(" ")}   gain@50`);
  for (const g of groups) {
    const run = simulateAdaptation({ examples, group: g.name, inGroup: g.inGroup, ks, base, l2 });
    runs.push(run);
    if (!json) {
      const at = (k: number) => run.points.find((p) => p.k === k)?.both;
      const gain = at(50) !== undefined && at(0) !== undefined ? `${(100 * (at(50)! - at(0)!)).toFixed(1)} pts` : "";
      console.log(`${g.name.padEnd(18)} ${String(run.measured).padStart(8)}  ${run.points.map((p) => pct(p.both).padStart(7)).join(" ")}   ${gain}`);
    }
  }
  if (json) console.log(JSON.stringify({ l2, ks, runs }));
  else {
    const mean = (k: number) => runs.reduce((a, r) => a + (r.points.find((p) => p.k === k)?.both ?? 0), 0) / runs.length;
    console.log(`${"mean".padEnd(18)} ${"".padStart(8)}  ${ks.map((k) => pct(mean(k)).padStart(7)).join(" ")}   ${(100 * (mean(50) - mean(0))).toFixed(1)} pts`);
  }
  return runs;
}
