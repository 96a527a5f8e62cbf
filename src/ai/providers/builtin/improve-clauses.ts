import { capitalize, contentWords, sentences, startsWithVerb, stripEnd, truncateWords } from "./text";

// Directive lines that are not clauses of the family (../../directives/): the canned fix per
// feedback category (the fallback when nothing people wrote maps to a clause), a person's words
// turned into an imperative line, and taking lines out. New lines go at the end of the bullet
// list (directives/edit.ts appendBullets); "## Improvements (vN)" headings of earlier versions
// are kept as they are, and no new ones are written.

/** Two clauses per category: the second is used when the first is already in the directives. */
const CATEGORY_CLAUSES: Record<string, [string, string]> = {
  accuracy: [
    "Double-check every number, date and estimate against the task before you state it; when you are unsure, say so instead of guessing.",
    "When a fact is not in the task or its history, ask for it rather than assume it.",
  ],
  communication: [
    "Lead with a one-line summary, then at most five short bullets; use plain words and no internal jargon.",
    "Write for the person who reads the report: say what you need from them in the first sentence.",
  ],
  prioritization: [
    "Work on the most urgent, highest-impact item first and say in one line why it comes first.",
    "When priorities conflict, state the order you chose and the deadline or severity that decided it.",
  ],
  tooling: [
    "Use the proposal tools for every change (checklist, estimate, status) instead of describing changes in prose.",
    "Propose a status change only when the checklist supports it, and name the items that do.",
  ],
  timeliness: [
    "Flag anything that puts a deadline at risk in the first line, with the date it is due.",
    "When a task has waited more than a day, say what it is waiting on and who can unblock it.",
  ],
  general: [
    "Before you finish, reread the task and check that your output answers what was actually asked.",
    "Keep each change small and explain it in one sentence.",
  ],
};

/** Words that name a category in a person's request ("propose a change for accuracy"). */
const CATEGORY_NAMES: Record<string, RegExp> = {
  accuracy: /\baccura/i,
  communication: /\bcommunicat/i,
  prioritization: /\bprioriti[sz]/i,
  tooling: /\btool(?:ing|s)?\b/i,
  timeliness: /\b(?:timeliness|timely|deadlines?)\b/i,
};

export function categoryClause(category: string, directives: string): string {
  const [first, second] = CATEGORY_CLAUSES[category] ?? [
    `Pay particular attention to ${category.replace(/_/g, " ")}: fix the recurring complaints before polishing anything else.`,
    `Before you finish, check your output once more for ${category.replace(/_/g, " ")} problems.`,
  ];
  return present(directives, first) ? second : first;
}

/** True when the clause is one of the category's canned clauses. */
export function isCategoryClause(clause: string, category: string): boolean {
  return CATEGORY_CLAUSES[category]?.some((c) => c === clause.trim()) ?? false;
}

export function namedCategories(text: string): string[] {
  return Object.entries(CATEGORY_NAMES)
    .filter(([, re]) => re.test(text))
    .map(([name]) => name);
}

/**
 * True when the directives already say this: verbatim, or (loose) one of their lines says nearly
 * the same. Overlap counts against the longer of the two, so a short line that shares a few words
 * with a long clause ("Estimate every task.") does not count as saying it.
 */
export function present(directives: string, clause: string, { loose = true } = {}): boolean {
  if (directives.toLowerCase().includes(stripEnd(clause).toLowerCase())) return true;
  if (!loose) return false;
  const want = contentWords(clause);
  return directives.split("\n").some((line) => {
    const have = contentWords(line);
    let shared = 0;
    for (const w of have) if (want.has(w)) shared++;
    return shared >= 3 && shared / Math.max(have.size, want.size) >= 0.7;
  });
}

export const CHANGE_WORDS = /\b(?:make|add|remove|change|stop|start|should|please|more|less|improve|propose|fix|drop|delete|use|avoid|include|ask|always|never|don't|do not)\b/i;

/** Asking the improver to explain, tell or show (a question however it ends), not to change the agents. */
const ASKS = /^(?:(?:ok(?:ay)?|so|and|hi|hey|thanks)[,.!]*\s+)*(?:(?:could|can|would|will)\s+you\s+(?:please\s+)?(?:explain|tell|show|clarify|describe|walk me through|remind me|say why|say which)|(?:please\s+)?(?:explain|tell me|show me|walk me through|remind me)|(?:which|who|when|where)\b|what\b(?!\s+if\b)|how\b(?!\s+about\b)|why\b(?!\s+(?:don't|not|can't)\b)|(?:did|does|do|is|are|was|were|has|have)\s+(?:you|it|this|that|the|they|people|we)\b)/i;

/**
 * A question that asks about the context rather than for a change: it asks the improver to explain
 * or tell ("Could you explain which feedback you used to make this?" — "make" is no request here),
 * or it ends in "?" and asks for nothing ("What did we decide last time?"). "Could you make the
 * checklists shorter?" and "Why don't we drop the jargon rule?" are requests.
 */
export function isQuestion(text: string): boolean {
  const t = text.trim();
  if (SUGGESTS.test(t)) return false;
  return ASKS.test(t) || (t.endsWith("?") && !CHANGE_WORDS.test(t));
}

/** "How about fewer steps?", "What if we dropped it?", "Why don't we…": suggestions, however they end. */
const SUGGESTS = /^(?:how about|what about|what if|why (?:don't|not|can't)|shall we|should we|could we|can we)\b/i;

export function wantsDraft(text: string): boolean {
  return /\bdraft\b|\bnot sure\b/i.test(text);
}

// Leading words that carry no instruction, removed until none is left.
const LEADS: RegExp[] = [
  /^(?:ok(?:ay)?|so|well|hi|hey|also|and|then|yes|yeah|great|thanks|thank you|hmm|right)\b[,.!]*\s*/i,
  /^(?:please|pls|kindly)\s+/i,
  /^(?:could|can|would|will)\s+you\s+(?:please\s+)?/i,
  /^(?:let's|let us)\s+/i,
  /^(?:(?:should|shall|could|can)\s+(?:we|you|they|the agents?)|why don't (?:we|you|they))\s+/i,
  /^(?:i think|i feel|i guess|maybe|perhaps|ideally)\s+/i,
  /^(?:the\s+)?(?:agents?|they|it|we|you|everyone)\s+(?:should|must|need to|needs to|have to|has to|ought to)\s+(?:also\s+)?/i,
  /^(?:add|write|include|put in)\s+(?:a|an|one)?\s*(?:new\s+)?(?:rule|clause|directive|line|instruction|note)\s*(?:that|to|saying|so that|about)?\s+/i,
];
const WANT = /^(?:i(?:'d| would)? (?:like|want|prefer)|we(?:'d| would)? (?:like|want|prefer)|we need|i need)\s+(?:(?:you|the agents?|them|agents|it)\s+)?(to\s+)?/i;
const IMPERATIVE = /^(?:be|keep|avoid|don't|do not|never|always|stop|use|mention|ask|give|say|state|show|put|cite|only|no|make|tell|name|flag|double-check|lead)\b/i;
const COMPLAINT = /\b(?:too|not|wrong|missing|off|bad|late|confusing|unclear|never|no|hard|slow)\b/i;

/**
 * A person's words as one imperative directive line, keeping their words: "please ask for due
 * dates" → "Ask for due dates.", "make it more concise" → "Be more concise.", "agents should stop
 * guessing" → "Stop guessing.". A complaint ("the tone is off") becomes "Avoid this problem: …".
 */
export function toDirective(text: string): string {
  const all = sentences(text.replace(/\s+/g, " "));
  let s = (all.find((x) => CHANGE_WORDS.test(x)) ?? all[0] ?? "").trim();
  let wanted = false;
  for (let changed = true; changed; ) {
    changed = false;
    for (const re of LEADS) {
      const next = s.replace(re, "");
      if (next !== s) [s, changed] = [next, true];
    }
    const want = WANT.exec(s);
    if (want) {
      s = s.slice(want[0].length);
      wanted = !want[1];
      changed = true;
    }
  }
  s = s.replace(/^make\s+(?:it|them|yourself|the agents?)\s+/i, "Be ");
  s = stripEnd(s.replace(/[,\s]*(?:please|thanks|thank you)[.!]*$/i, "").replace(/\?+$/, ""));
  if (!s) return "";
  if (wanted && !startsWithVerb(s) && !IMPERATIVE.test(s)) s = `Aim for ${s}`;
  else if (!startsWithVerb(s) && !IMPERATIVE.test(s)) {
    const inner = s.replace(/^(?:The|A|An|It|They|This|That|These|Those|Our|Your|My|We)\b/, (w) => w.toLowerCase());
    s = COMPLAINT.test(s) ? `Avoid this problem: ${inner}` : `Keep this in mind: ${inner}`;
  }
  return `${capitalize(truncateWords(s, 40).replace(/…$/, ""))}.`;
}

// Words that say "change something" without saying what: a request made only of these is vague.
const VAGUE = new Set(
  "make better good great nice improve improved improvement improvements things thing stuff something anything general overall somehow bit little more less change changes just fix tweak work works please propose suggest suggestion directive directives ahead sure yes okay do can could would else want like need agent agents template prompt keep this mind aim avoid problem draft sure not yet i'm maybe think version new try idea ideas".split(" "),
);

/** True when the clause says something concrete beyond "improve it" (category names do not count). */
export function isSpecific(clause: string): boolean {
  for (const w of contentWords(clause)) if (!VAGUE.has(w) && !namedCategories(w).length && !(w in CATEGORY_CLAUSES)) return true;
  return false;
}

/** The directives without the given lines, and without an old improvements heading left empty. */
export function removeClauses(directives: string, clauses: string[]): string {
  const drop = new Set(clauses.map((c) => `- ${c}`));
  const lines = directives.split("\n").filter((l) => !drop.has(l.trim()));
  const kept = lines.filter((l, i) => {
    if (!/^## Improvements\b/.test(l.trim())) return true;
    const next = lines.slice(i + 1).find((x) => x.trim());
    return next !== undefined && !/^#{1,2}\s/.test(next);
  });
  return kept.join("\n").replace(/\n{3,}/g, "\n\n").trimEnd();
}
