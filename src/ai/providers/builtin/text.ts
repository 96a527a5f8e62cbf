// Small text rules shared by the built-in model's behaviours. Deliberately naive: they only need
// to be deterministic and good enough to make offline demos and tests meaningful.

export const words = (text: string): string[] => text.match(/[\p{L}\p{N}][\p{L}\p{N}'’_-]*/gu) ?? [];

/** Sentences of prose; list lines and headings count as one sentence each. */
export function sentences(text: string): string[] {
  return text
    .split(/\n+/)
    .map((line) => line.replace(/^\s*(?:[-*•]|\d+[.)]|#{1,6})\s+/, "").trim())
    .flatMap((line) => line.split(/(?<=[.!?])\s+(?=[A-Z0-9"'“(])/))
    .map((s) => s.trim())
    .filter((s) => words(s).length > 0);
}

export function truncateWords(text: string, max: number): string {
  const parts = text.trim().split(/\s+/);
  return parts.length <= max ? text.trim() : `${parts.slice(0, max).join(" ").replace(/[,;:]$/, "")}…`;
}

export const stripEnd = (s: string) => s.trim().replace(/[\s.!;:,]+$/, "");

export const capitalize = (s: string) => (s ? s[0].toUpperCase() + s.slice(1) : s);

const STOP = new Set("a an the and or but of to in on for with at by from is are was were be been it its this that these those as we our you your they their i my me he she his her them".split(" "));

/** Lower-cased content words, for "is this item already there?" and "is it about this task?" checks. */
export const contentWords = (text: string): Set<string> =>
  new Set(words(text.toLowerCase()).filter((w) => w.length > 2 && !STOP.has(w)));

/** Two items say the same thing when most of their content words overlap. */
export function similar(a: string, b: string): boolean {
  const x = contentWords(a);
  const y = contentWords(b);
  if (x.size === 0 || y.size === 0) return a.trim().toLowerCase() === b.trim().toLowerCase();
  let shared = 0;
  for (const w of x) if (y.has(w)) shared++;
  return shared / Math.min(x.size, y.size) >= 0.7;
}

// Verbs a checklist step may start with. Covers what the built-in model writes and what people
// usually write; "actionability" checks an item against this list.
const VERBS = new Set(
  `add agree analyse analyze announce answer approve ask assign audit book build call change check choose clarify clean close collect communicate compare compile configure confirm contact coordinate create decide define delete deliver deploy describe design document draft edit email enable ensure estimate evaluate explain extract file finalise finalize find finish fix follow format gather get handle highlight identify implement import include inform install investigate link list log look measure mention merge migrate monitor move note notify open organise organize outline pick plan post prepare prioritise prioritize proofread provide publish pull read record reduce refactor regenerate release remove rename replace reply report reproduce request research resolve respond restore retry revert review rewrite roll run schedule search send set share ship sign split start submit summarise summarize tag test track translate triage update upgrade upload validate verify walk write`.split(/\s+/),
);

export function startsWithVerb(item: string): boolean {
  const first = words(item)[0]?.toLowerCase();
  return first !== undefined && VERBS.has(first);
}

/** Ticket keys such as ENG-123: jargon in a report written for people outside the team. */
export const TICKET_KEY = /\b[A-Z][A-Z0-9]+-\d+\b/g;
