import type { ClauseKind } from "../policy";

// The vocabulary ../from-feedback.ts and the rules read people's words with: numbers, what a remark is about
// (its subject), and whether it praises or complains. Kept apart from the per-clause rules so
// each list can grow without touching the others. Pure.

// ── Numbers ─────────────────────────────────────────────────────────────────────────────────

const NUMBER_WORDS: Record<string, number> = {
  one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10,
  eleven: 11, twelve: 12, fifteen: 15, twenty: 20, thirty: 30, forty: 40, fifty: 50, sixty: 60,
};
/** A number as people write it: digits or a word. One capture group. */
export const NUM = String.raw`(\d{1,3}|${Object.keys(NUMBER_WORDS).join("|")})`;
export const toNumber = (s: string) => (/^\d+$/.test(s) ? Number(s) : (NUMBER_WORDS[s.toLowerCase()] ?? NaN));
/** Every number the text mentions, in order. */
export const numbersIn = (text: string) => [...text.matchAll(new RegExp(String.raw`\b${NUM}\b`, "gi"))].map((m) => toNumber(m[1]!)).filter((n) => !Number.isNaN(n));

// Units that tell which clause a number belongs to ("12 items" vs "3 hours" vs "4 sentences").
export const ITEM_UNIT = String.raw`(?:check ?list )?(?:items?|steps?|entries|things|points|tasks?|to-?dos?)`;
export const SENTENCE_UNIT = String.raw`(?:sentences?|lines?)`;
export const MINUTE_UNIT = String.raw`(?:min(?:ute)?s?|m)\b`;
/** Units of other things: a number followed by one of these is not a wanted item count. */
export const OTHER_UNIT = /^(?:h|hrs?|hours?|min(?:ute)?s?|m|days?|weeks?|months?|%|percent|sentences?|lines?|paragraphs?|pages?|words?|items?|steps?|entries|things|points|tasks?|to-?dos?|times?|x|agents?|people|customers?|users?|tickets?|am|pm|business|working|calendar|of)$/i;

// ── Subjects ────────────────────────────────────────────────────────────────────────────────

/** What a remark is about, when one of several clauses could be meant ("too long": a checklist? a report?). */
export type Subject = "checklist" | "estimate" | "report" | "status";

export const SUBJECT_WORDS: Record<Subject, RegExp> = {
  checklist: /\b(?:check ?lists?|steps?|items?|to-?dos?|sub-?tasks?)\b/,
  estimate: new RegExp(String.raw`\bestimat\w*|\brationales?\b|\bround(?:ing|ed)\b|\b(?:\d+(?:\.\d+)?|an?|one|two|three|four|five|six|eight|ten|twelve)[- ]?(?:h|hrs?|hours?|mins?|minutes?)\b|\bhow long it (?:takes|will take)\b`),
  report: /\b(?:reports?|summar(?:y|ies)|write-?ups?|updates?|paragraphs?|sentences?|essays?|novels?|wall of text|tl;?dr)\b/,
  status: /\bstatus\b|\b(?:mark(?:ed|s|ing)?|clos(?:e|ed|es|ing)|resolv(?:e|ed|es|ing))\b/,
};
/** Reading words point at a report only when nothing else is named ("too long to read"). */
export const READING_WORDS = /\b(?:to read|to scan|to skim|reading|read it)\b/;

/** Which subject each clause is about; null: the clause's own words say it (jargon, German, security). */
export const SUBJECT_OF: Record<ClauseKind, Subject | null> = {
  "checklist.maxItems": "checklist",
  "checklist.blockingFirst": "checklist",
  "estimate.rationale": "estimate",
  "estimate.roundTo": "estimate",
  "estimate.rangeForRisky": "estimate",
  "risks.topics": null,
  "criteria.ask": null,
  "report.maxSentences": "report",
  "report.bullets": "report",
  "report.plainWords": "report",
  "status.mode": "status",
  language: null,
};

// ── Praise or complaint ─────────────────────────────────────────────────────────────────────

export const PRAISE = /\b(?:great|good|nice|lovely|love[ds]?|liked|(?:i|we|they|people|everyone) (?:really )?like|perfect|excellent|helpful|spot on|well done|thanks?|thank you|exactly (?:what|right)|just right|works? (?:well|great)|worked (?:well|great)|fastest|appreciated?|clear|clean|easy to (?:read|scan|follow|understand)|much better|finally|brilliant|awesome|keep (?:it|this) up|keep doing (?:this|that)|more like this)\b|👍/;
/** Words that make a remark a complaint or a request even when it also says something nice. */
export const COMPLAINT = /\b(?:too|not|no|never|missing|missed|forgot|forget|without|lacks?|lacking|wrong|hard|confusing|can't|cannot|couldn't|don't|didn't|doesn't|isn't|wasn't|nobody|no one|silly|useless|pointless|annoying|should|please|need|needs|stop|still|why|instead|rather|essay|jargon|buried|overkill|bloated|again|where)\b|\?/;
/** Praise of brevity ("short and clear"): keeps a length limit. */
export const BREVITY = /\b(?:short|concise|brief|compact|tight|focused|lean|not too long|not too many|to the point|scannable|quick to (?:read|scan)|easy to scan|skimmable)\b/;
/** Praise phrases that contain a complaint word ("no jargon", "not too long"): removed before looking for complaints. */
export const PRAISE_PHRASES = /\bno (?:jargon|fluff|filler|waffle|buzzwords)\b|\bjargon-free\b|\bnot too (?:long|many|wordy|short)\b|\bwithout (?:jargon|fluff|edits|changes)\b|\bno (?:edits|changes) (?:needed|required)\b/g;

/** Imperative "drop the X one / line / rule": about a directive clause, not the agent's work. */
export const META_NOUN = String.raw`(?:one|line|rule|clause|sentence|bit|part|directive|instruction|limit|cap|requirement|section)`;
