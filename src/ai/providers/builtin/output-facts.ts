import { EMPTY_POLICY, type DirectivePolicy } from "@/ai/directives/policy";
import type { WakeOutput } from "@/ai/prompts/task-agent";
import { findAmbiguities } from "./ambiguity";
import { TRANSLATED_HEADINGS as T } from "./phrases";
import { openItems, workFinished, type TaskFacts } from "./task";
import { contentWords, sentences, startsWithVerb, TICKET_KEY, words } from "./text";

// Measurable properties of an agent's output, read once and shared by the gate checks.

export type OutputFacts = {
  task: TaskFacts;
  output: WakeOutput;
  /** The directives the agent was given (the evaluator checks compliance where cheap). */
  policy: DirectivePolicy;
  report: string;
  reportWords: number;
  avgSentenceWords: number;
  sections: {
    summary: boolean;
    summaryFirst: boolean;
    /** Every line of the first section is a list item. */
    summaryBullets: boolean;
    next: boolean;
    nextBullets: number;
    risks: boolean;
    riskMitigations: boolean;
    /** The Risks section's text. */
    riskText: string;
    estimate: boolean;
  };
  ticketKeys: string[];
  items: string[];
  vagueItems: string[];
  nonVerbItems: string[];
  /** Open steps after the proposals are accepted. */
  openSteps: number;
  workFinished: boolean;
  estimate: { minutes: number; proposed: boolean } | null;
  proposedStatus: string | null;
  ambiguities: number;
  observationsRecorded: number;
};

const HEADING = /^\s{0,3}(?:#{1,6}\s+(.+?)\s*#*|\*\*(.+?)\*\*:?)\s*$/;
const ITEM = /^\s*(?:[-*•]|\d+[.)])\s+/;
// Section titles, English first; reports written in German, French or Spanish ("language") count too.
const TITLES = {
  summary: new RegExp(`summary|overview|tl;?dr|status|${T.summary}`),
  next: new RegExp(`next|plan|to ?do|steps|actions?|${T.next}`),
  risks: new RegExp(`risk|concern|caveat|blocker|open question|${T.risks}`),
  estimate: new RegExp(`estimat|effort|timeline|${T.estimate}`),
};
const MITIGATION = /to reduce it|mitigat|to avoid|so that|\b(ask|confirm|agree|check|plan|escalate)\b|zur minderung|pour le réduire|para reducirlo/i;

function reportSections(md: string) {
  const found: { title: string; body: string[] }[] = [];
  let intro = false;
  for (const line of md.split("\n")) {
    const m = HEADING.exec(line);
    if (m) found.push({ title: (m[1] ?? m[2]).toLowerCase(), body: [] });
    else if (found.length) found[found.length - 1].body.push(line);
    else if (line.trim()) intro = true;
  }
  const find = (re: RegExp) => found.find((s) => re.test(s.title));
  const next = find(TITLES.next);
  const risks = find(TITLES.risks);
  const riskLines = risks?.body.filter((l) => l.trim()) ?? [];
  const firstLines = found[0]?.body.filter((l) => l.trim()) ?? [];
  return {
    summary: intro || Boolean(find(TITLES.summary)),
    summaryFirst: intro || TITLES.summary.test(found[0]?.title ?? ""),
    summaryBullets: !intro && firstLines.length > 0 && firstLines.every((l) => ITEM.test(l)),
    next: Boolean(next),
    nextBullets: next?.body.filter((l) => ITEM.test(l)).length ?? 0,
    risks: Boolean(risks),
    riskMitigations: riskLines.length > 0 && riskLines.every((l) => MITIGATION.test(l)),
    riskText: riskLines.join("\n"),
    estimate: Boolean(find(TITLES.estimate)),
  };
}

export function readOutputFacts(task: TaskFacts, output: WakeOutput, policy: DirectivePolicy = EMPTY_POLICY): OutputFacts {
  const report = output.report?.markdown ?? "";
  const said = sentences(report);
  const items = output.proposals.flatMap((p) => (p.tool === "propose_checklist_items" ? p.args.items : []));
  const topic = contentWords(`${task.title} ${task.description}`);
  const estimateProposal = output.proposals.find((p) => p.tool === "propose_estimate");
  const statusProposal = output.proposals.find((p) => p.tool === "propose_status");
  return {
    task,
    output,
    policy,
    report,
    reportWords: words(report).length,
    avgSentenceWords: said.length ? said.reduce((n, s) => n + words(s).length, 0) / said.length : 0,
    sections: reportSections(report),
    ticketKeys: [...new Set(report.match(TICKET_KEY) ?? [])],
    items,
    vagueItems: items.filter((i) => words(i).length < 4 || (topic.size > 0 && ![...contentWords(i)].some((w) => topic.has(w)))),
    nonVerbItems: items.filter((i) => !startsWithVerb(i)),
    openSteps: openItems(task).length + items.length,
    workFinished: workFinished(task),
    estimate: estimateProposal?.tool === "propose_estimate" ? { minutes: estimateProposal.args.minutes, proposed: true } : task.estimateMinutes ? { minutes: task.estimateMinutes, proposed: false } : null,
    proposedStatus: statusProposal?.tool === "propose_status" ? statusProposal.args.status : null,
    ambiguities: findAmbiguities(task).length,
    observationsRecorded: output.observations.length + task.recentObservations.length,
  };
}
