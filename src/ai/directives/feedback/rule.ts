import type { ClauseKind } from "../policy";
import type { Finding } from "../from-feedback";
import { META_NOUN, type Subject } from "./words";

// What a rule of the clause family reads (one part of a text) and answers (what it asks of its
// clause), and the checks the rules share.

export type Part = {
  /** As written (acronyms keep their case: "what is SLA?"). */
  raw: string;
  /** Lower-cased, apostrophes and quotes straightened. */
  t: string;
  subjects: Set<Subject>;
  /** The subjects came from `about`, not from the words. */
  borrowed: boolean;
};

export type Rule = {
  kind: ClauseKind;
  /** The subject the part must be about; null: the rule's own words say it. */
  needs: Subject | null;
  complaint: (p: Part) => Omit<Finding, "kind"> | null;
  praise?: (p: Part) => boolean;
};

export const has = (re: RegExp, s: string) => re.test(s);

/** "drop the jargon one", "remove the checklist limit", "get rid of the rule about rounding". */
export function dropsClause(t: string, words: string): boolean {
  const verb = String.raw`(?:drop|remove|delete|scrap|get rid of|take out|lose|no need for)`;
  const the = String.raw`(?:(?:the|that|this|your|its)\s+)?`;
  const named = new RegExp(String.raw`\b${verb}\s+${the}(?:[\w-]+\s+){0,3}?[\w-]*(?:${words})[\w-]*\s+(?:[\w-]+\s+){0,1}?${META_NOUN}\b`);
  const about = new RegExp(String.raw`\b${verb}\s+${the}${META_NOUN}\s+(?:about|on|for|that says|saying)\s+(?:[\w-]+\s+){0,3}?[\w-]*(?:${words})`);
  return named.test(t) || about.test(t);
}
