import { argmax } from "../softmax";

// A missed complaint costs more than a false alarm: complaints are what the improver turns into
// directives. So the sentiment head's bias for "negative" is raised by the smallest shift whose
// out-of-fold negative recall reaches a target (cross-validation on the training split only).

/** The probabilities after adding `shift` to label k's logit (what raising its bias by `shift` does). */
export function shiftLogit(p: Float64Array, k: number, shift: number): Float64Array {
  const q = Float64Array.from(p);
  q[k] *= Math.exp(shift);
  const sum = q.reduce((a, b) => a + b, 0);
  return q.map((x) => x / sum);
}

/** The share of the examples of label k (`gold`) that `probabilities` label k once its logit is shifted by `shift` (0 without any). */
export function recallAt(probabilities: Float64Array[], gold: number[], k: number, shift: number): number {
  const ofK = gold.flatMap((g, i) => (g === k ? [i] : []));
  return ofK.filter((i) => argmax(shiftLogit(probabilities[i], k, shift)) === k).length / Math.max(1, ofK.length);
}

/** The smallest of `shifts` (ascending) whose recall of label k reaches `target`, else the largest; and that recall. */
export function chooseShift(oof: Float64Array[], gold: number[], k: number, shifts: number[], target: number): { shift: number; recall: number } {
  for (const shift of shifts) {
    const recall = recallAt(oof, gold, k, shift);
    if (recall >= target) return { shift, recall };
  }
  const last = shifts[shifts.length - 1];
  return { shift: last, recall: recallAt(oof, gold, k, last) };
}
