import { CLAUSES_OF_TOOL } from "@/ai/directives/params";
import { readFeedback, type Finding } from "@/ai/directives/from-feedback";
import type { ClauseKind } from "@/ai/directives/policy";
import type { Judgement, JudgePromptData, ProposalSeen } from "@/ai/prompts/judge-change";
import { blockingOutOfOrder } from "./blocking";

// The built-in evaluator's judgement of a changed proposal (a replay check): the rejection reason
// is read as the improver reads feedback (directives/from-feedback.ts, about the clauses of the
// proposal's tool), and each thing it asks of a proposal is checked on the rejected proposal and
// on the new one. The new one addresses the reason when it does better on at least one of them and
// worse on none. What it can check: checklist length (fewer / more steps, "at most N"), blocking
// steps first, an estimate's explanation, rounding and range, and "no status changes". A reason
// that asks for nothing checkable ("no.", "two hours for a typo fix?") is not shown to be
// addressed: the built-in judge says so rather than guess. Pure.

type Verdict = "better" | "worse" | "same" | null;

const itemsOf = (p: ProposalSeen): string[] => {
  const items = (p.args as { items?: unknown } | null)?.items;
  return Array.isArray(items) ? items.filter((i): i is string => typeof i === "string") : [];
};
const minutesOf = (p: ProposalSeen): number | null => {
  const m = (p.args as { minutes?: unknown } | null)?.minutes;
  return typeof m === "number" ? m : null;
};

/** The summary says more than the estimate itself ("Estimate 1 h 30 min" explains nothing; "…: about 5 steps…" does). */
const explains = (p: ProposalSeen) => {
  const rest = p.summary
    .replace(/^\s*(?:set (?:the )?)?estimate[ds]?\b(?:\s+(?:it|at|to))?/i, "")
    .replace(/\b\d+(?:[.,]\d+)?\s*(?:h|hours?|min|minutes?)\b/gi, " ");
  return (rest.match(/\p{L}{2,}/gu) ?? []).length >= 3;
};
const RANGE = /\d+(?:[.,]\d+)?\s*(?:h|hours?|min|minutes?)?\s*(?:–|—|-|to)\s*\d+(?:[.,]\d+)?\s*(?:h\b|hours?|min|minutes?)/i;

function compare(before: boolean | number, after: boolean | number, higherIsBetter = true): Verdict {
  if (before === after) return "same";
  return after > before === higherIsBetter ? "better" : "worse";
}

/** How the new proposal does on one thing the reason asks, against the rejected one; null when it cannot be checked. */
function check(f: Finding, before: ProposalSeen, after: ProposalSeen): Verdict {
  if (f.stance === "praise") return null;
  switch (f.kind) {
    case "checklist.maxItems": {
      const [b, a] = [itemsOf(before).length, itemsOf(after).length];
      if (f.stance === "more") return compare(b, a);
      if (f.stance === "against") return null;
      // "less", or a limit asked for: fewer steps, and within the limit when one was named.
      if (f.n !== undefined && a > f.n) return a < b ? "same" : "worse";
      return compare(b, a, false);
    }
    case "checklist.blockingFirst":
      if (f.stance === "against") return null;
      return compare(blockingOutOfOrder(itemsOf(before)) === null, blockingOutOfOrder(itemsOf(after)) === null);
    case "estimate.rationale":
      return f.stance === "against" ? compare(explains(before), explains(after), false) : compare(explains(before), explains(after));
    case "estimate.roundTo": {
      const step = f.n ?? 15;
      const [b, a] = [minutesOf(before), minutesOf(after)];
      if (b === null || a === null || f.stance === "against") return null;
      return compare(b % step === 0, a % step === 0);
    }
    case "estimate.rangeForRisky":
      return f.stance === "against" ? compare(RANGE.test(before.summary), RANGE.test(after.summary), false) : compare(RANGE.test(before.summary), RANGE.test(after.summary));
    case "status.mode":
      // "Never propose a status change": a status change it still proposes leaves the complaint standing.
      return f.mode === "never" ? "same" : null;
    default:
      // Clauses about the report, risks, criteria or language: not something a proposal shows.
      return null;
  }
}

const WHAT: Partial<Record<ClauseKind, string>> = {
  "checklist.maxItems": "the checklist's length",
  "checklist.blockingFirst": "blocking steps first",
  "estimate.rationale": "the estimate's explanation",
  "estimate.roundTo": "rounding",
  "estimate.rangeForRisky": "a range for risky work",
  "status.mode": "status changes",
};
const named = (kinds: ClauseKind[]) => kinds.map((k) => WHAT[k] ?? k).join(", ");

export function judgeChange(data: JudgePromptData): Judgement {
  const about = CLAUSES_OF_TOOL[data.before.tool] ?? [];
  const findings = readFeedback(data.reason, { about, sentiment: "negative" }).filter((f) => about.includes(f.kind));
  const verdicts = findings.map((f) => ({ kind: f.kind, verdict: check(f, data.before, data.after) })).filter((v) => v.verdict !== null);
  if (!verdicts.length) return { addresses: false, why: "The reason asks for nothing the built-in evaluator can check on this proposal." };
  const better = verdicts.filter((v) => v.verdict === "better").map((v) => v.kind);
  const worse = verdicts.filter((v) => v.verdict === "worse").map((v) => v.kind);
  if (worse.length) return { addresses: false, why: `The new proposal goes against the reason on ${named(worse)}.` };
  if (better.length) return { addresses: true, why: `The new proposal changes what the reason asked for: ${named(better)}.` };
  return { addresses: false, why: `The new proposal leaves what the reason complained about as it was: ${named(verdicts.map((v) => v.kind))}.` };
}
