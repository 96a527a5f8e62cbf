import type { FeatureOptions, FeatureVector } from "../features";
import { compileHead, headProbabilities } from "../predict";
import { HARD_KINDS, TEXT_SOURCES, type LabeledExample } from "../types";
import { encode, fitHead, type HeadName } from "./fit-head";
import { recallAt } from "./negative-shift";

// Text written unlike anything the model was trained on: each group of the training split — one
// source, or one hard kind — is held out in turn, the head is fitted on the rest, and the group is
// predicted. Out-of-fold predictions see every style in training; these do not, which is what a
// team's own phrasing is to the shipped model. The negative shift is chosen to keep its recall there.

export type HeldOutGroup = { name: string; members: number[]; probabilities: Float64Array[] };

export const GROUPS: { name: string; inGroup: (e: LabeledExample) => boolean }[] = [
  ...TEXT_SOURCES.map((s) => ({ name: `source:${s}`, inGroup: (e: LabeledExample) => e.source === s })),
  ...HARD_KINDS.map((h) => ({ name: `hard:${h}`, inGroup: (e: LabeledExample) => e.hard === h })),
];

/** Each group's probabilities from the head fitted on the examples outside it (groups without examples are skipped). */
export function predictHeldOutGroups(name: HeadName, examples: LabeledExample[], vectors: FeatureVector[], s: { features: FeatureOptions; minCount: number; l2: number }): HeldOutGroup[] {
  return GROUPS.flatMap(({ name: group, inGroup }) => {
    const members = examples.flatMap((e, i) => (inGroup(e) ? [i] : []));
    if (members.length === 0) return [];
    const rest = examples.flatMap((e, i) => (inGroup(e) ? [] : [i]));
    const { head } = fitHead(name, rest.map((i) => examples[i]), encode(rest.map((i) => vectors[i]), s.minCount), s.features, s.l2);
    const compiled = compileHead(head);
    return [{ name: group, members, probabilities: members.map((i) => headProbabilities(compiled, vectors[i])) }];
  });
}

/** The mean over groups (with at least one example of label k) of label k's recall after shifting its logit by `shift`. */
export function heldOutRecall(groups: HeldOutGroup[], gold: number[], k: number, shift: number): number {
  const recalls = groups.flatMap(({ members, probabilities }) => {
    const groupGold = members.map((i) => gold[i]);
    return groupGold.includes(k) ? [recallAt(probabilities, groupGold, k, shift)] : [];
  });
  return recalls.reduce((a, b) => a + b, 0) / Math.max(1, recalls.length);
}
