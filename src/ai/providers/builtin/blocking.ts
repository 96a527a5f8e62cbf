import { contentWords } from "./text";

// Which checklist steps block the others (the "checklist.blockingFirst" clause). A step blocks when
//  (a) it gets what the rest of the work needs: it opens with reproduce, clarify, ask, decide,
//      agree on, back up, obtain, get/request access|approval|sign-off|credentials|a decision,
//      confirm the scope|requirements|access, or "write down what done means";
//  (b) it says so: "before …", "blocks", "blocker", "prerequisite";
//  (c) another step waits for it: that step says "after X" or "once X" and X names this one
//      (two shared content words, or all of X's when X is shorter).
// Everything else (doing the work, verifying, reporting, closing) does not block.

const GATHERS =
  /^(?:reproduce|clarify|ask|decide|agree on|back ?up|obtain|(?:get|request) (?:access|approval|sign-off|credentials|a decision)|confirm (?:the )?(?:scope|requirements|access)|write down what done means)\b/i;
const SAYS = /\b(?:before (?:anything|starting|the rest|work)|blocks?|blocking|blockers?|prerequisites?)\b/i;
const WAITS = /\b(?:after|once)\s+(.+)$/i;

function namedBy(item: string, other: string): boolean {
  const waitsFor = WAITS.exec(other)?.[1];
  if (!waitsFor) return false;
  const wanted = contentWords(waitsFor);
  const have = contentWords(item);
  let shared = 0;
  for (const w of wanted) if (have.has(w) || have.has(w.replace(/(?:ed|d)$/, ""))) shared++;
  return shared >= Math.min(2, wanted.size) && shared > 0;
}

export function isBlocking(item: string, all: string[]): boolean {
  return GATHERS.test(item.trim()) || SAYS.test(item) || all.some((other) => other !== item && namedBy(item, other));
}

/** Blocking steps first, each group in its original order. */
export function blockingFirst(items: string[]): string[] {
  const blocking = items.filter((i) => isBlocking(i, items));
  return [...blocking, ...items.filter((i) => !blocking.includes(i))];
}

/** The first blocking step that comes after a non-blocking one, or null when the order is right. */
export function blockingOutOfOrder(items: string[]): string | null {
  const firstFree = items.findIndex((i) => !isBlocking(i, items));
  return firstFree < 0 ? null : (items.slice(firstFree).find((i) => isBlocking(i, items)) ?? null);
}
