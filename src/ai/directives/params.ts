import type { ClauseKind, ClauseParams, DirectivePolicy } from "./policy";

// A policy seen one clause at a time: what the directives currently say for a kind, as the same
// params clauseText writes. The improver compares what people ask for with this, so it only
// proposes what changes something. Pure.

/** The family's kinds in the order the improver reports and writes them. */
export const CLAUSE_KINDS: readonly ClauseKind[] = [
  "checklist.maxItems",
  "checklist.blockingFirst",
  "estimate.rationale",
  "estimate.roundTo",
  "estimate.rangeForRisky",
  "risks.topics",
  "criteria.ask",
  "report.maxSentences",
  "report.bullets",
  "report.plainWords",
  "status.mode",
  "language",
];

/** The clauses a proposal made with each task-agent tool is about (a reason that names nothing is about these). */
export const CLAUSES_OF_TOOL: Readonly<Record<string, readonly ClauseKind[]>> = {
  propose_checklist_items: ["checklist.maxItems", "checklist.blockingFirst"],
  propose_estimate: ["estimate.rationale", "estimate.roundTo", "estimate.rangeForRisky"],
  propose_status: ["status.mode"],
};

/** Kinds whose clause carries a number that people argue about ("at most 5" vs "make it 7"). */
export const NUMERIC_KINDS = ["checklist.maxItems", "report.maxSentences", "estimate.roundTo"] as const satisfies readonly ClauseKind[];
export type NumericKind = (typeof NUMERIC_KINDS)[number];
export const isNumericKind = (kind: ClauseKind): kind is NumericKind => (NUMERIC_KINDS as readonly ClauseKind[]).includes(kind);

/** What the policy says for the kind, or null when the directives say nothing about it. */
export function paramsOf(policy: DirectivePolicy, kind: ClauseKind): ClauseParams | null {
  switch (kind) {
    case "checklist.maxItems":
      return policy.checklist.maxItems === null ? null : { kind, n: policy.checklist.maxItems };
    case "checklist.blockingFirst":
      return policy.checklist.blockingFirst ? { kind } : null;
    case "estimate.rationale":
      return policy.estimate.rationale ? { kind } : null;
    case "estimate.roundTo":
      return policy.estimate.roundTo === null ? null : { kind, n: policy.estimate.roundTo };
    case "estimate.rangeForRisky":
      return policy.estimate.rangeForRisky ? { kind } : null;
    case "risks.topics":
      return policy.risks.topics.length ? { kind, topics: [...policy.risks.topics] } : null;
    case "criteria.ask":
      return policy.criteria.ask ? { kind } : null;
    case "report.maxSentences":
      return policy.report.maxSentences === null ? null : { kind, n: policy.report.maxSentences };
    case "report.bullets":
      return policy.report.bullets ? { kind } : null;
    case "report.plainWords":
      return policy.report.plainWords ? { kind } : null;
    case "status.mode":
      return policy.status.mode === "default" ? null : { kind, mode: policy.status.mode };
    case "language":
      return policy.language === null ? null : { kind, language: policy.language };
  }
}

/** The number a numeric clause carries. */
export const numberOf = (p: ClauseParams | null): number | null => (p && "n" in p ? p.n : null);

/** Same clause, same settings (topics compared as sets). */
export function sameParams(a: ClauseParams | null, b: ClauseParams | null): boolean {
  if (a === null || b === null) return a === b;
  if (a.kind !== b.kind) return false;
  if (a.kind === "risks.topics" && b.kind === "risks.topics") return a.topics.length === b.topics.length && a.topics.every((t) => b.topics.includes(t));
  const field = (p: ClauseParams, key: "mode" | "language") => (key in p ? (p as Record<string, unknown>)[key] : null);
  return numberOf(a) === numberOf(b) && field(a, "mode") === field(b, "mode") && field(a, "language") === field(b, "language");
}
