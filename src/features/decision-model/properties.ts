// Measurable properties of what an agent produced — a proposal (checklist, estimate, status
// change) and its report — read from the output itself, whichever model wrote it: the built-in
// agent's canonical sentences and an LLM's markdown alike (list markers "-", "*", "•", "1.",
// "1)"; headings "## Risks", "**Risks:**", "Risques"; estimates as numbers of minutes, their
// reason in prose). These are what the decision model relates to people's verdicts and ratings
// ("checklists of 6 or more items: 2 of 31 confirmed"). Every property is a number or a
// yes/no, named once here with the words a team lead reads. Pure.

export const PROPOSAL_KINDS = ["checklist", "estimate", "status"] as const;
export type ProposalKind = (typeof PROPOSAL_KINDS)[number];

/** The task-agent tools whose proposals people decide, by kind. */
const TOOL_OF_KIND: Record<ProposalKind, string> = {
  checklist: "propose_checklist_items",
  estimate: "propose_estimate",
  status: "propose_status",
};
export const kindOfTool = (tool: string): ProposalKind | null => PROPOSAL_KINDS.find((k) => TOOL_OF_KIND[k] === tool) ?? null;

export type PropertyValue = number | boolean;
export type Properties = Record<string, PropertyValue>;

/** How a property reads in words: a count ("items"), or a yes/no ("it gives a reason"). */
export type PropertyInfo = {
  /** Numbers: the noun counted ("items"); yes/no: the phrase when true ("with a reason"). */
  label: string;
  /** Yes/no only: the phrase when false ("without a reason"). */
  negative?: string;
  /** The subject of the sentence ("Checklists", "Estimates", "Reports"). */
  subject: string;
};

/** Every property the decision model may report, with its words. A property not listed is never shown. */
export const PROPERTY_INFO: Record<string, PropertyInfo> = {
  "checklist.items": { subject: "Checklists", label: "items" },
  "checklist.longestWords": { subject: "Checklists", label: "words in the longest item" },
  "checklist.blockingFirst": { subject: "Checklists", label: "with blocking steps first", negative: "with a blocking step after other work" },
  "checklist.asksCriteria": { subject: "Checklists", label: "that ask for acceptance criteria", negative: "that do not ask for acceptance criteria" },
  "estimate.minutes": { subject: "Estimates", label: "minutes" },
  "estimate.rationale": { subject: "Estimates", label: "with a reason", negative: "without a reason" },
  "estimate.range": { subject: "Estimates", label: "given as a range", negative: "given as one number" },
  "estimate.round5": { subject: "Estimates", label: "in multiples of 5 minutes", negative: "not in multiples of 5 minutes" },
  "estimate.round10": { subject: "Estimates", label: "in multiples of 10 minutes", negative: "not in multiples of 10 minutes" },
  "estimate.round15": { subject: "Estimates", label: "in multiples of 15 minutes", negative: "not in multiples of 15 minutes" },
  "estimate.round30": { subject: "Estimates", label: "in multiples of 30 minutes", negative: "not in multiples of 30 minutes" },
  "estimate.round60": { subject: "Estimates", label: "in whole hours", negative: "not in whole hours" },
  "status.toDone": { subject: "Status changes", label: "to done", negative: "not to done" },
  "status.toInProgress": { subject: "Status changes", label: "to in progress", negative: "not to in progress" },
  "status.supported": { subject: "Status changes", label: "that the checklist supports", negative: "that the checklist does not support" },
  "status.any": { subject: "Status changes", label: "of any kind", negative: "" },
  "report.sentences": { subject: "Reports", label: "sentences" },
  "report.words": { subject: "Reports", label: "words" },
  "report.bullets": { subject: "Reports", label: "written as bullets", negative: "written as prose" },
  "report.hasRisks": { subject: "Reports", label: "with a Risks section", negative: "without a Risks section" },
  "report.jargon": { subject: "Reports", label: "jargon words" },
  "report.english": { subject: "Reports", label: "in English", negative: "not in English" },
};

// ── Checklists ─────────────────────────────────────────────────────────────────────────────

/** Steps that get what the rest of the work needs, or say they come first. */
const BLOCKING =
  /^(?:reproduce|clarify|ask|confirm|check with|decide|agree|back ?up|obtain|get (?:access|approval|sign-off|credentials)|request|find out|verify (?:access|the scope)|collect|gather|wait for)\b|\b(?:before (?:anything|starting|work|the rest)|blocks?|blocking|blockers?|prerequisites?)\b/i;
const CRITERIA = /acceptance criteria|definition of done|what done means|done when|success criteria/i;
const MARKER = /^\s*(?:[-*•+]|\d+[.)]|\[[ xX]\])\s+/;

/** Items, as given (an array), or read from a markdown list when a model wrote one string. */
export function checklistItems(args: unknown): string[] {
  const raw = (args as { items?: unknown } | null)?.items;
  const list = Array.isArray(raw) ? raw : typeof raw === "string" ? raw.split("\n") : [];
  return list
    .filter((i): i is string => typeof i === "string")
    .map((i) => i.replace(MARKER, "").trim())
    .filter(Boolean);
}

export function checklistProperties(items: readonly string[]): Properties {
  const blocking = items.map((i) => BLOCKING.test(i.trim()));
  const lastBlocking = blocking.lastIndexOf(true);
  const firstOther = blocking.indexOf(false);
  return {
    "checklist.items": items.length,
    "checklist.longestWords": Math.max(0, ...items.map((i) => i.split(/\s+/).filter(Boolean).length)),
    "checklist.blockingFirst": lastBlocking < 0 || firstOther < 0 || lastBlocking < firstOther,
    "checklist.asksCriteria": items.some((i) => CRITERIA.test(i)),
  };
}

// ── Estimates ──────────────────────────────────────────────────────────────────────────────

const RANGE = /\d+(?:[.,]\d+)?\s*(?:h(?:ours?|rs?)?|m(?:in(?:ute)?s?)?)?\s*(?:–|—|-|to|bis|à|a)\s*\d+(?:[.,]\d+)?\s*(?:h(?:ours?|rs?)?\b|m(?:in(?:ute)?s?)?\b|hours?)/i;

/** The reason given with an estimate: after "Estimate …:" in the summary, or the summary itself when it says more than the number. */
export function estimateReason(summary: string): string {
  const s = summary.trim();
  const after = /^(?:estimate|estimated|schätzung|estimation|estimación)\b[^:]*:\s*(.*)$/is.exec(s);
  if (after) return after[1]!.trim();
  // Prose: "About 45 minutes because the export must be re-run." → what follows "because/since/as".
  const because = /\b(?:because|since|as|due to|given|weil|parce que|porque)\b\s+(.+)$/is.exec(s);
  return because ? because[1]!.trim() : "";
}

export function estimateProperties(minutes: number, summary: string): Properties {
  const reason = estimateReason(summary);
  const m = Math.round(minutes);
  const multiple = (n: number) => m > 0 && m % n === 0;
  return {
    "estimate.minutes": m,
    "estimate.rationale": reason.split(/\s+/).filter(Boolean).length >= 2,
    "estimate.range": RANGE.test(summary),
    "estimate.round5": multiple(5),
    "estimate.round10": multiple(10),
    "estimate.round15": multiple(15),
    "estimate.round30": multiple(30),
    "estimate.round60": multiple(60),
  };
}

// ── Status changes ─────────────────────────────────────────────────────────────────────────

export type ChecklistState = readonly { done: boolean }[];

/** Done is supported when every step is done; in progress when one is. Unknown checklist: not supported. */
export function statusProperties(to: string, checklist: ChecklistState | null): Properties {
  const done = checklist?.filter((c) => c.done).length ?? 0;
  const supported = checklist === null ? false : to === "done" ? checklist.length > 0 && done === checklist.length : to === "in_progress" ? done > 0 : true;
  return { "status.any": true, "status.toDone": to === "done", "status.toInProgress": to === "in_progress", "status.supported": supported };
}

/** One proposal's properties by its tool; null for a tool people do not decide here. */
export function proposalProperties(tool: string, args: unknown, summary: string, checklist: ChecklistState | null = null): { kind: ProposalKind; properties: Properties } | null {
  const kind = kindOfTool(tool);
  if (kind === "checklist") return { kind, properties: checklistProperties(checklistItems(args)) };
  if (kind === "estimate") {
    const minutes = Number((args as { minutes?: unknown } | null)?.minutes);
    return Number.isFinite(minutes) ? { kind, properties: estimateProperties(minutes, summary) } : null;
  }
  if (kind === "status") {
    const to = (args as { status?: unknown } | null)?.status;
    return typeof to === "string" ? { kind, properties: statusProperties(to, checklist) } : null;
  }
  return null;
}

// ── Reports ────────────────────────────────────────────────────────────────────────────────

const HEADING = /^\s{0,3}(?:#{1,6}\s+(.+?)\s*#*|\*\*(.+?)\*\*:?|__(.+?)__:?)\s*$/;
const RISKS = /^(?:risks?|concerns?|caveats?|risiken|risques|riesgos)\b/i;
/** Words that mark a report as English, German, French or Spanish (the most common function words). */
const LANGUAGE_WORDS: Record<string, RegExp> = {
  English: /\b(?:the|and|is|to|of|with|for|this|it|be)\b/gi,
  German: /\b(?:der|die|das|und|ist|nicht|mit|für|ein|eine|zu)\b/gi,
  French: /\b(?:le|la|les|et|est|pas|avec|pour|une|des|du)\b/gi,
  Spanish: /\b(?:el|los|las|y|es|con|para|una|del|por|que)\b/gi,
};
/** Words a reader outside the team would not know (abbreviations and consultant words). */
const JARGON = /\b(?:RCA|SLA|SLO|ETA|KPI|API|SSO|MFA|PR|CI|QA|UAT|P[0-4]|repro|triage[sd]?|escalat\w*|synerg\w*|leverag\w*|utili[sz]\w*|stakeholders?|bandwidth|deliverables?|actionable|circle back|deep dive|low-hanging)\b/g;

export type ReportShape = { sentences: number; words: number; bullets: boolean; sections: string[]; language: string };

/** Sentences as a reader counts them: a list item is one, prose is split at full stops, a heading is none. */
export function reportShape(markdown: string): ReportShape {
  const sections: string[] = [];
  let sentences = 0;
  let lines = 0;
  let listLines = 0;
  for (const line of markdown.split("\n")) {
    const heading = HEADING.exec(line);
    if (heading) {
      sections.push((heading[1] ?? heading[2] ?? heading[3] ?? "").trim().toLowerCase());
      continue;
    }
    if (!line.trim()) continue;
    lines++;
    if (MARKER.test(line)) {
      listLines++;
      sentences++;
    } else sentences += line.split(/(?<=[.!?])\s+(?=\S)/).filter((s) => /[\p{L}\d]/u.test(s)).length;
  }
  const words = (markdown.match(/[\p{L}\d][\p{L}\d'’-]*/gu) ?? []).length;
  const counts = Object.entries(LANGUAGE_WORDS).map(([lang, re]) => [lang, (markdown.match(re) ?? []).length] as const);
  const language = counts.reduce((a, b) => (b[1] > a[1] ? b : a))[0];
  return { sentences, words, bullets: lines > 0 && listLines === lines, sections, language };
}

export function reportProperties(markdown: string): Properties {
  const shape = reportShape(markdown);
  return {
    "report.sentences": shape.sentences,
    "report.words": shape.words,
    "report.bullets": shape.bullets,
    "report.hasRisks": shape.sections.some((s) => RISKS.test(s)),
    "report.jargon": (markdown.match(JARGON) ?? []).length,
    "report.english": shape.language === "English",
  };
}
