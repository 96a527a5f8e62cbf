import { TICKET_KEY } from "./text";

// The "report.plainWords" clause: ticket keys go (as with the FULL polish) and a small list of
// team jargon becomes plain words. Acronyms match in capitals only ("PR", not "pr"); words in any case.

const ACRONYMS: [string, string][] = [
  ["ASAP", "as soon as possible"],
  ["ETA", "expected time"],
  ["EOD", "end of day"],
  ["WIP", "work in progress"],
  ["PRs", "code changes"],
  ["PR", "code change"],
  ["QA", "testing"],
  ["SLAs", "agreed response times"],
  ["SLA", "agreed response time"],
];
const WORDS: [string, string][] = [
  ["APIs", "interfaces"],
  ["API", "interface"],
  ["SSO", "single sign-on"],
  ["webhooks", "automatic notifications"],
  ["webhook", "automatic notification"],
  ["prod", "the live system"],
  ["deployment", "release"],
  ["deployed", "released"],
  ["deploying", "releasing"],
  ["deploys", "releases"],
  ["deploy", "release"],
  ["refactoring", "restructuring"],
  ["refactored", "restructured"],
  ["refactor", "restructure"],
  ["stakeholders", "people involved"],
  ["leverage", "use"],
  ["utilize", "use"],
];

/** Every jargon word with its plain replacement, for the README and the evaluator. */
export const JARGON: { re: RegExp; word: string; plain: string }[] = [
  ...ACRONYMS.map(([word, plain]) => ({ re: new RegExp(`\\b${word}\\b`, "g"), word, plain })),
  ...WORDS.map(([word, plain]) => ({ re: new RegExp(`\\b${word}\\b`, "gi"), word, plain })),
];

// A replacement at the start of a line, list item or sentence starts with a capital.
const atStart = (before: string) => /(?:^|\n)\s*(?:(?:[-*•]|\d+[.)])\s+)?$|[.!?]\s+$/.test(before);
const capitalize = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

export function plainWords(text: string): string {
  // "(ENG-412)" goes with its brackets, also when the FULL polish already took the key out.
  let out = text.replace(TICKET_KEY, "").replace(/[ \t]*\([ \t]*(?:[,;/&][ \t]*)*\)/g, "").replace(/ {2,}/g, " ").replace(/ ([.,:;])/g, "$1");
  for (const { re, plain } of JARGON) out = out.replace(re, (_m, at: number, all: string) => (atStart(all.slice(0, at)) ? capitalize(plain) : plain));
  return out;
}

/** The jargon (and ticket keys) a text still uses, as written. */
export function jargonIn(text: string): string[] {
  const found = [...(text.match(TICKET_KEY) ?? [])];
  for (const { re } of JARGON) found.push(...(text.match(re) ?? []));
  return [...new Set(found)];
}
