import { factAt, fillPlaceholders } from "./personas/expression";
import type { Reviewer, Team } from "./personas/load";
import { kindOfTool, type Facts, type ProposalKind, type ProposalView } from "./facts";
import type { Random } from "./random";

// A simulated reviewer at work on one run: decides each proposal by the first of their rules that
// holds (else their default), with the team's noise — some verdicts random, the rating jittered —,
// rates the run and sometimes leaves a comment. Only what a person would write leaves this module:
// verdicts, reasons in their words, a number, a comment. Pure (randomness is passed in).

export type Verdict = "confirmed" | "rejected" | "deferred";
export type Decision = { itemId: string; kind: ProposalKind; verdict: Verdict; reason: string | null; label: string };
export type Review = { reviewer: string; decisions: Decision[]; rating: number | null; comment: string | null };

const VERDICT = { confirm: "confirmed", reject: "rejected", defer: "deferred" } as const;
export const NOISE_LABEL = "noise (random verdict)";
export const DEFAULT_LABEL = "no rule (default)";

/** Who reviews this run: among the reviewers who take such tickets (else everyone), by share. */
export function pickReviewer(team: Team, facts: Facts, rng: Random): Reviewer {
  const willing = team.reviewers.filter((r) => r.takes(facts));
  const pool = willing.length ? willing : team.reviewers;
  const total = pool.reduce((s, r) => s + r.share, 0);
  let x = rng.next() * total;
  for (const r of pool) {
    x -= r.share;
    if (x < 0) return r;
  }
  return pool.at(-1)!;
}

const say = (phrases: string[], facts: Facts, rng: Random) => (phrases.length ? fillPlaceholders(rng.pick(phrases), (name) => factAt(facts, name)) : null);

function decide(reviewer: Reviewer, team: Team, kind: ProposalKind, facts: Facts, rng: Random): Omit<Decision, "itemId" | "kind"> {
  if (rng.chance(team.noise.verdict)) {
    const reject = rng.chance(0.5);
    return { verdict: reject ? "rejected" : "confirmed", reason: reject ? say(team.noise.say, facts, rng) : null, label: NOISE_LABEL };
  }
  for (const rule of reviewer.rules) {
    if (rule.target !== kind || !rule.test(facts)) continue;
    if (rule.chance < 1 && !rng.chance(rule.chance)) continue;
    return { verdict: VERDICT[rule.verdict], reason: say(rule.say, facts, rng), label: rule.label };
  }
  return { verdict: VERDICT[reviewer.default], reason: say(reviewer.defaultSay, facts, rng), label: DEFAULT_LABEL };
}

function rate(reviewer: Reviewer, team: Team, facts: Facts, rejections: number, rng: Random): number | null {
  const { rating } = reviewer;
  if (!rng.chance(rating.chance)) return null;
  let value = rating.start - rating.perRejection * rejections;
  for (const rule of rating.rules) if (rule.test(facts) && (rule.chance >= 1 || rng.chance(rule.chance))) value = Math.min(value, rule.rate);
  value += rng.jitter(team.noise.rating);
  return Math.round(Math.min(1, Math.max(0, value)) * 20) / 20;
}

function comment(reviewer: Reviewer, facts: Facts, rng: Random): string | null {
  for (const c of reviewer.comments) if (c.test(facts) && (c.chance >= 1 || rng.chance(c.chance))) return say(c.say, facts, rng);
  return null;
}

/** One reviewer's review of a run's pending proposals. `rng(part)` gives the stream for each part. */
export function reviewRun(reviewer: Reviewer, team: Team, facts: Facts, items: (ProposalView & { id: string })[], rng: (part: string) => Random): Review {
  const decisions: Decision[] = [];
  for (const item of items) {
    const kind = kindOfTool(item.tool);
    if (!kind) continue; // a tool reviewers have no opinion on (none today): left pending
    decisions.push({ itemId: item.id, kind, ...decide(reviewer, team, kind, facts, rng(`verdict:${kind}`)) });
  }
  const rejections = decisions.filter((d) => d.verdict === "rejected").length;
  return { reviewer: reviewer.name, decisions, rating: rate(reviewer, team, facts, rejections, rng("rating")), comment: comment(reviewer, facts, rng("comment")) };
}
