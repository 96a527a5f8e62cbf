// The directive clauses the built-in agents understand: one family, read from the directives'
// lines (tolerant of how a person phrases them) and written back in one canonical sentence each.
// The built-in task agent honours a policy read from its head directives; the built-in improver
// writes, revises and removes these clauses from what people say in their feedback. A line that
// is no clause of the family is ignored (as a weak model would ignore it), never an error. Pure.
//
// The family (see src/ai/README.md, "Directive clauses"):
//   checklist.maxItems      "Keep checklists to at most 5 items."
//   checklist.blockingFirst "Put blocking steps first in every checklist."
//   estimate.rationale      "Give every estimate a one-line rationale."
//   estimate.roundTo        "Round estimates to the nearest 30 minutes."
//   estimate.rangeForRisky  "Estimate risky work as a range."
//   risks.topics            "Add a Risks section when the task touches security, billing."
//   criteria.ask            "Ask for acceptance criteria when the task gives none."
//   report.maxSentences     "Keep reports to at most 4 sentences."
//   report.bullets          "Write reports as short bullets."
//   report.plainWords       "Use plain words in reports: no jargon."
//   status.mode             "Propose a status change only when the checklist supports it." | "Never propose a status change."
//   language                "Write in German."

export type StatusMode = "default" | "whenSupported" | "never";

export type DirectivePolicy = {
  checklist: { maxItems: number | null; blockingFirst: boolean };
  estimate: { rationale: boolean; roundTo: number | null; rangeForRisky: boolean };
  risks: { topics: string[] };
  criteria: { ask: boolean };
  report: { maxSentences: number | null; bullets: boolean; plainWords: boolean };
  status: { mode: StatusMode };
  language: Language | null;
};

export const LANGUAGES = ["English", "German", "French", "Spanish"] as const;
export type Language = (typeof LANGUAGES)[number];

export type ClauseKind =
  | "checklist.maxItems"
  | "checklist.blockingFirst"
  | "estimate.rationale"
  | "estimate.roundTo"
  | "estimate.rangeForRisky"
  | "risks.topics"
  | "criteria.ask"
  | "report.maxSentences"
  | "report.bullets"
  | "report.plainWords"
  | "status.mode"
  | "language";

export const EMPTY_POLICY: DirectivePolicy = {
  checklist: { maxItems: null, blockingFirst: false },
  estimate: { rationale: false, roundTo: null, rangeForRisky: false },
  risks: { topics: [] },
  criteria: { ask: false },
  report: { maxSentences: null, bullets: false, plainWords: false },
  status: { mode: "default" },
  language: null,
};

const NUMBER_WORDS: Record<string, number> = { one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10, twelve: 12, fifteen: 15, twenty: 20, thirty: 30, sixty: 60 };
const NUM = String.raw`(\d{1,3}|${Object.keys(NUMBER_WORDS).join("|")})`;
const toNumber = (s: string) => (/^\d+$/.test(s) ? Number(s) : (NUMBER_WORDS[s.toLowerCase()] ?? NaN));

/** One line of directives read as a clause of the family, or null. */
export type Clause = { kind: ClauseKind; apply: (p: DirectivePolicy) => void };

type Rule = { kind: ClauseKind; re: RegExp; apply: (p: DirectivePolicy, m: RegExpExecArray) => void };

const RULES: Rule[] = [
  {
    kind: "checklist.maxItems",
    // Also a range ("Three to five steps", "3–5 checklist items", "between three and five steps"): its upper bound.
    re: new RegExp(
      String.raw`\b(?:at most|(?:no|not|never) more than|maximum of|max(?:imum)?|up to|fewer than|under)\s+${NUM}\s+(?:checklist\s+)?(?:items|steps|entries)|\bchecklists?\b[^.]*?\b(?:to|of|at most|no more than|under)\s+${NUM}\b|\b(?:between\s+)?${NUM}\s*(?:to|-|–|—|and)\s*${NUM}\s+(?:checklist\s+)?(?:items|steps|entries)\b`,
      "i",
    ),
    apply: (p, m) => {
      const n = toNumber(m[1] ?? m[2] ?? m[4] ?? "");
      if (n >= 1 && n <= 50) p.checklist.maxItems = /fewer than|under/i.test(m[0]) ? Math.max(1, n - 1) : n;
    },
  },
  { kind: "checklist.blockingFirst", re: /\bblock(?:ing|ers?)\b[^.]*\b(?:first|top|before)\b|\b(?:first|start with)\b[^.]*\bblock(?:ing|ers?|s)\b/i, apply: (p) => void (p.checklist.blockingFirst = true) },
  {
    kind: "estimate.rationale",
    re: /\b(?:rationale|reason(?:ing)?|justif(?:y|ication)|explain)\b[^.]*\bestimates?\b|\bestimates?\b[^.]*\b(?:rationale|reason(?:ing)?|justif(?:y|ication|ied)|explain(?:ed)?|why)\b/i,
    apply: (p) => void (p.estimate.rationale = true),
  },
  {
    kind: "estimate.roundTo",
    // Minutes ("to the nearest 30 minutes"), a quarter or half hour, or hours ("to the nearest hour", "to 2 hours").
    re: new RegExp(
      String.raw`\bround\b[^.]*\bestimates?\b[^.]*?${NUM}\s*(?:min(?:ute)?s?|m\b)|\bestimates?\b[^.]*\bround(?:ed)?\b[^.]*?${NUM}\s*(?:min(?:ute)?s?|m\b)|\bround\b[^.]*\bestimates?\b[^.]*\b(?:quarter|half)[- ]hours?\b|(?:\bround\b[^.]*\bestimates?\b|\bestimates?\b[^.]*\bround(?:ed)?\b)[^.]*?(?:\b${NUM}\s*h(?:ours?|rs?)?\b|\b(?:nearest|whole|full)\s+hours?\b)`,
      "i",
    ),
    apply: (p, m) => {
      const minutes = m[1] ?? m[2];
      const n = minutes ? toNumber(minutes) : m[3] ? 60 * toNumber(m[3]) : /half/i.test(m[0]) ? 30 : /quarter/i.test(m[0]) ? 15 : 60;
      if (n >= 5 && n <= 240) p.estimate.roundTo = n;
    },
  },
  { kind: "estimate.rangeForRisky", re: /\b(?:range|ranges|min(?:imum)?[- ]max(?:imum)?|best[- ]and[- ]worst)\b[^.]*\b(?:risk|risky|uncertain|unknown)|\b(?:risk|risky|uncertain)\b[^.]*\b(?:range|ranges)\b/i, apply: (p) => void (p.estimate.rangeForRisky = true) },
  {
    kind: "risks.topics",
    re: /\brisks?\b(?: section)?[^.]*?\b(?:when|if|for)\b[^.]*?\b(?:touch(?:es)?|mentions?|involves?|about|concerns?)\s+([^.]+)/i,
    apply: (p, m) => {
      const topics = m[1]!
        .split(/,|\bor\b|\band\b|\//)
        .map((t) => t.replace(/\b(?:work|changes?|tasks?|anything|the|any)\b/gi, "").trim().toLowerCase())
        .filter((t) => /^[a-z][a-z -]{1,30}$/.test(t));
      p.risks.topics = [...new Set([...p.risks.topics, ...topics])];
    },
  },
  { kind: "criteria.ask", re: /\b(?:ask|request|clarify)\b[^.]*\b(?:acceptance criteria|definition of done|what done means)\b|\b(?:acceptance criteria|definition of done)\b[^.]*\b(?:missing|none|not given|absent|ask)\b/i, apply: (p) => void (p.criteria.ask = true) },
  {
    kind: "report.maxSentences",
    re: new RegExp(String.raw`\breports?\b[^.]*?\b(?:at most|no more than|max(?:imum)?|under|fewer than|within|to)\s+${NUM}\s+sentences?|\b(?:at most|no more than|under|fewer than)\s+${NUM}\s+sentences?\b[^.]*\breports?\b`, "i"),
    apply: (p, m) => {
      const n = toNumber((m[1] ?? m[2])!);
      if (n >= 1 && n <= 30) p.report.maxSentences = /fewer than|under/i.test(m[0]) ? Math.max(1, n - 1) : n;
    },
  },
  { kind: "report.bullets", re: /\breports?\b[^.]*\b(?:bullets?|bullet points|lists?)\b|\b(?:bullets?|bullet points)\b[^.]*\breports?\b/i, apply: (p) => void (p.report.bullets = true) },
  { kind: "report.plainWords", re: /\b(?:no|avoid|without|skip)\s+(?:internal\s+)?jargon\b|\bplain (?:words|language|english)\b/i, apply: (p) => void (p.report.plainWords = true) },
  {
    kind: "status.mode",
    re: /\b(?:never|do not|don't)\s+(?:propose|suggest|change)\b[^.]*\bstatus\b|\bstatus(?: changes?)?\b[^.]*\bonly when\b|\bonly\b[^.]*\bstatus\b[^.]*\bwhen\b/i,
    apply: (p, m) => void (p.status.mode = /\b(?:never|do not|don't)\b/i.test(m[0]) ? "never" : "whenSupported"),
  },
  {
    kind: "language",
    re: /\b(?:write|answer|respond|reply|report)s?\b[^.]*\bin\s+(English|German|French|Spanish)\b/i,
    apply: (p, m) => void (p.language = (LANGUAGES.find((l) => l.toLowerCase() === m[1]!.toLowerCase()) ?? null)),
  },
];

/** The clauses one line expresses (a line may hold several), in the family's order. */
export function clausesOf(line: string): ClauseKind[] {
  return RULES.filter((r) => r.re.test(line)).map((r) => r.kind);
}

/** The policy the directives express: every line read; later lines win; unknown lines ignored. */
export function readDirectives(directives: string): DirectivePolicy {
  const policy: DirectivePolicy = structuredClone(EMPTY_POLICY);
  for (const line of directives.split(/\n|(?<=[.!?])\s+(?=[A-Z])/)) {
    for (const rule of RULES) {
      const m = rule.re.exec(line);
      if (m) rule.apply(policy, m);
    }
  }
  return policy;
}

export type ClauseParams =
  | { kind: "checklist.maxItems"; n: number }
  | { kind: "checklist.blockingFirst" }
  | { kind: "estimate.rationale" }
  | { kind: "estimate.roundTo"; n: number }
  | { kind: "estimate.rangeForRisky" }
  | { kind: "risks.topics"; topics: string[] }
  | { kind: "criteria.ask" }
  | { kind: "report.maxSentences"; n: number }
  | { kind: "report.bullets" }
  | { kind: "report.plainWords" }
  | { kind: "status.mode"; mode: "whenSupported" | "never" }
  | { kind: "language"; language: Language };

/** The canonical sentence of a clause (what the built-in improver writes; readDirectives reads it back). */
export function clauseText(c: ClauseParams): string {
  switch (c.kind) {
    case "checklist.maxItems":
      return `Keep checklists to at most ${c.n} items.`;
    case "checklist.blockingFirst":
      return "Put blocking steps first in every checklist.";
    case "estimate.rationale":
      return "Give every estimate a one-line rationale.";
    case "estimate.roundTo":
      return `Round estimates to the nearest ${c.n} minutes.`;
    case "estimate.rangeForRisky":
      return "Estimate risky work as a range.";
    case "risks.topics":
      return `Add a Risks section when the task touches ${c.topics.join(", ")}.`;
    case "criteria.ask":
      return "Ask for acceptance criteria when the task gives none.";
    case "report.maxSentences":
      return `Keep reports to at most ${c.n} sentences.`;
    case "report.bullets":
      return "Write reports as short bullets.";
    case "report.plainWords":
      return "Use plain words in reports: no jargon.";
    case "status.mode":
      return c.mode === "never" ? "Never propose a status change." : "Propose a status change only when the checklist supports it.";
    case "language":
      return `Write in ${c.language}.`;
  }
}
