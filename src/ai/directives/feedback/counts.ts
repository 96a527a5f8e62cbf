import { NUM, OTHER_UNIT, toNumber } from "./words";

// The numbers in people's words: the count they ask for ("keep it to 5", "7 is enough", "under
// 8") and the count they saw and found too many ("12 items for a password reset").

/** The next word after a match: what the number counts ("5 items", "3 hours"). */
const nextWord = (t: string, end: number) => /^[\s-]*([a-z%]+)/.exec(t.slice(end))?.[1] ?? "";

/** A number counts `unit` unless a word of another unit follows it. */
const fits = (word: string, unit: RegExp) => !word || unit.test(word) || !OTHER_UNIT.test(word);

/** What a number is set on: "it", "the checklist limit", "reports". */
const TARGET = String.raw`(?:it|them|each one|(?:the |that |this |your )?(?:[\w-]+ ){0,2}?(?:checklists?|reports?|summar(?:y|ies)|limit|cap|max(?:imum)?|number))`;
const LEAD = String.raw`(?:at most|no more than|not more than|max(?:imum)?(?: of)?|up to|limit(?:ed)?(?: ${TARGET})? to|cap(?:ped)?(?: ${TARGET})? at|(?:keep|leave|set|change|raise|lower|bring|put|move) ${TARGET} (?:back )?(?:to|at|under|below|within)|make ${TARGET}|go (?:with|for|to))`;

/** A count people ask for: "at most 5", "keep it to five steps", "7 is enough", "under 8" (7), "7, not 5". */
export function wantedCount(t: string, unit: RegExp): number | null {
  // [pattern, where its number ends (the word after it says what it counts), adjustment]
  const tries: [RegExp, (m: RegExpMatchArray) => number, (n: number) => number][] = [
    [new RegExp(String.raw`\b${NUM}(?:[\s-]+[a-z-]+)?\s*,?\s*(?:not|instead of|rather than)\s+${NUM}\b`, "g"), (m) => m.index! + m[1]!.length, (n) => n],
    [new RegExp(String.raw`\b(?:fewer than|less than|under|below)\s+${NUM}`, "g"), (m) => m.index! + m[0].length, (n) => n - 1],
    [new RegExp(String.raw`\b${LEAD}\s+${NUM}`, "g"), (m) => m.index! + m[0].length, (n) => n],
  ];
  for (const [re, end, adjust] of tries) {
    for (const m of t.matchAll(re)) {
      if (!fits(nextWord(t, end(m)), unit)) continue;
      const n = adjust(toNumber(m[1]!));
      if (n >= 1) return n;
    }
  }
  const enough = new RegExp(String.raw`\b${NUM}[\s-]*(?:([a-z-]+)\s+)?(?:max|tops|at most|(?:is|are|would be|should be|seems?|sounds?) (?:enough|plenty|fine|better|the max|sufficient|more than enough|reasonable)|would do|is the limit)\b`, "g");
  for (const m of t.matchAll(enough)) {
    if (m[2] && !fits(m[2], unit)) continue;
    const n = toNumber(m[1]!);
    if (n >= 1) return n;
  }
  return null;
}

/** The smallest count people saw and complained about: "12 items", "a 12-step checklist". */
export function seenCount(t: string, unit: string): number | null {
  const counts = [...t.matchAll(new RegExp(String.raw`\b${NUM}[\s-]+${unit}\b`, "g"))].map((m) => toNumber(m[1]!)).filter((n) => n >= 1);
  return counts.length ? Math.min(...counts) : null;
}
