import { reportShape } from "./report-shape";
import type { Vocabulary } from "./vocabulary";

// What a simulated reviewer sees of one run: the ticket, each proposal (checklist, estimate, status
// change) and the report, measured — items counted, the estimate's rationale looked for, report
// sentences counted — as the facts persona rules are written against (CEL, docs/LAB.md). Every
// object is always there (`proposed: false` when the run made no such proposal), so a rule never
// fails on a missing field. Whole numbers are CEL ints (bigint), so `estimate.minutes % 30` works.
// Pure.

export type Ticket = { title: string; description: string; area: string; kind: string; checklist: { text: string; done: boolean }[] };
export type ProposalView = { tool: string; args: unknown; summary: string };
export type RunView = { quality: number | null; iterations: number | null; report: string | null; proposals: ProposalView[] };

/** The proposal kinds reviewers decide, by the tool that proposes them. */
export const PROPOSAL_KINDS = { checklist: "propose_checklist_items", estimate: "propose_estimate", status: "propose_status" } as const;
export type ProposalKind = keyof typeof PROPOSAL_KINDS;
export const kindOfTool = (tool: string) => (Object.entries(PROPOSAL_KINDS).find(([, t]) => t === tool)?.[0] ?? null) as ProposalKind | null;

export type Facts = Record<"task" | "checklist" | "estimate" | "status" | "report" | "run", Record<string, unknown>>;

const int = (n: number) => BigInt(Math.round(n));
const lower = (s: string) => s.toLowerCase();

function topicsOf(text: string, vocabulary: Vocabulary): string[] {
  return Object.entries(vocabulary.topics)
    .filter(([, words]) => words.some((w) => text.includes(lower(w))))
    .map(([topic]) => topic);
}

const isBlocking = (step: string, vocabulary: Vocabulary) => vocabulary.blocking.some((b) => lower(step).startsWith(lower(b)));

function checklistFacts(items: string[], vocabulary: Vocabulary) {
  const blocking = items.map((s) => isBlocking(s, vocabulary));
  const lastBlocking = blocking.lastIndexOf(true);
  const firstOther = blocking.indexOf(false);
  return {
    proposed: items.length > 0,
    items: int(items.length),
    texts: items,
    blocking: int(blocking.filter(Boolean).length),
    // Every blocking step before every other one (true when none blocks).
    blockingFirst: lastBlocking < 0 || firstOther < 0 || lastBlocking < firstOther,
    firstBlocking: blocking[0] === true,
    asksCriteria: items.some((s) => /acceptance criteria|definition of done|what done means/i.test(s)),
    longestWords: int(Math.max(0, ...items.map((s) => s.split(/\s+/).filter(Boolean).length))),
  };
}

const RANGE = /\d+(?:\s*h)?(?:\s*\d+\s*min)?\s*(?:–|—|-|to)\s*\d+\s*(?:min|minutes|h\b|hours?)/i;

function estimateFacts(minutes: number | null, summary: string) {
  const rationale = /^Estimate [^:]*:\s*(.+)$/s.exec(summary)?.[1]?.trim() ?? "";
  const m = minutes ?? 0;
  return {
    proposed: minutes !== null,
    minutes: int(m),
    hours: m / 60,
    rationale: rationale.length > 0,
    rationaleText: rationale,
    range: RANGE.test(rationale),
    // The coarsest round number it is a multiple of (1 when none).
    roundedTo: int([60, 30, 15, 10, 5].find((n) => m > 0 && m % n === 0) ?? 1),
  };
}

function statusFacts(to: string | null, summary: string, ticket: Ticket) {
  const done = ticket.checklist.filter((c) => c.done).length;
  const supported = to === "done" ? ticket.checklist.length > 0 && done === ticket.checklist.length : to === "in_progress" ? done > 0 : true;
  return { proposed: to !== null, to: to ?? "", reason: /^Mark the task [^:]*:\s*\S/.test(summary), supported };
}

function reportFacts(markdown: string | null, topics: string[], vocabulary: Vocabulary) {
  const text = markdown ?? "";
  const shape = reportShape(text);
  const section = (re: RegExp) => shape.sections.find((s) => re.test(s.name));
  const risks = section(/^(risks?|risiken|risques|riesgos)\b/);
  const risksText = lower(risks?.lines.join(" ") ?? "");
  const words = lower(text).match(/[\p{L}\d-]+/gu) ?? [];
  const jargon = new Set(vocabulary.jargon.map(lower));
  return {
    present: markdown !== null,
    text,
    sentences: int(shape.sentences),
    words: int(shape.words),
    bullets: shape.bullets,
    sections: shape.sections.map((s) => s.name).filter(Boolean),
    hasRisks: risks !== undefined,
    risksText,
    // Every topic of the ticket named in the Risks section (by its name or one of its words).
    risksNameTopics: topics.every((t) => risksText.includes(t) || (vocabulary.topics[t] ?? []).some((w) => risksText.includes(lower(w)))),
    hasEstimate: section(/^(estimate|schätzung|estimation|estimación)\b/) !== undefined,
    jargon: int(words.filter((w) => jargon.has(w)).length),
    language: shape.language,
  };
}

/** The facts of one run for one reviewer's rules. */
export function runFacts(ticket: Ticket, run: RunView, vocabulary: Vocabulary): Facts {
  const text = lower(`${ticket.title}\n${ticket.description}`);
  const topics = topicsOf(text, vocabulary);
  const find = (kind: ProposalKind) => run.proposals.find((p) => p.tool === PROPOSAL_KINDS[kind]);
  const checklist = find("checklist");
  const estimate = find("estimate");
  const status = find("status");
  const args = (p: ProposalView | undefined) => (p?.args ?? {}) as Record<string, unknown>;
  const items = Array.isArray(args(checklist).items) ? (args(checklist).items as unknown[]).filter((i): i is string => typeof i === "string") : [];
  const minutes = typeof args(estimate).minutes === "number" ? (args(estimate).minutes as number) : null;
  const to = typeof args(status).status === "string" ? (args(status).status as string) : null;
  return {
    task: {
      title: ticket.title,
      description: ticket.description,
      text,
      area: ticket.area,
      kind: ticket.kind,
      topics,
      words: int(text.split(/\s+/).filter(Boolean).length),
      hasCriteria: vocabulary.criteria.some((c) => text.includes(lower(c))),
      hasDueDate: /\b(by|before|due|until)\s+(monday|tuesday|wednesday|thursday|friday|saturday|sunday|tomorrow|end of|the \d|\d{1,2}(st|nd|rd|th)?\b|jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)/i.test(text),
    },
    checklist: checklistFacts(items, vocabulary),
    estimate: estimateFacts(minutes, estimate?.summary ?? ""),
    status: statusFacts(to, status?.summary ?? "", ticket),
    report: reportFacts(run.report, topics, vocabulary),
    run: { quality: run.quality ?? 0, iterations: int(run.iterations ?? 0), proposals: int(run.proposals.length) },
  };
}

/** A run with every kind of proposal: what rules are checked against when a persona file is loaded. */
export function sampleFacts(vocabulary: Vocabulary): Facts {
  return runFacts(
    { title: "Refund failed", description: "Charged twice.", area: "billing", kind: "bug", checklist: [] },
    {
      quality: 0.9,
      iterations: 2,
      report: "## Summary\nIt failed.\n\n## Risks\n- Billing.",
      proposals: [
        { tool: PROPOSAL_KINDS.checklist, args: { items: ["Reproduce it", "Fix it"] }, summary: "Add 2 checklist items" },
        { tool: PROPOSAL_KINDS.estimate, args: { minutes: 45 }, summary: "Estimate 45 min: two steps." },
        { tool: PROPOSAL_KINDS.status, args: { status: "in_progress" }, summary: "Mark the task in progress" },
      ],
    },
    vocabulary,
  );
}
