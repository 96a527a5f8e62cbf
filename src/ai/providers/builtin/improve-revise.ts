import { APPROVAL_CONFIDENCE, type RecordNoteInput } from "@/ai/prompts/improver";
import { addClauses, addedClauses, isCategoryClause, namedCategories, present, removeClauses, toDirective, wantsDraft } from "./improve-clauses";
import type { ImproverContext } from "./improve-context";
import { cannotPropose } from "./improve-propose";
import { CONFIDENT, DRAFT, lastProposal, quote, versionLabel, type ImproverAnswer } from "./improve-turn";
import type { PromptView } from "./prompt";
import { contentWords, stripEnd } from "./text";

// After a rejection: revise the last proposal by the person's reason and propose again.
// "Too long" keeps only the first new clause; "drop X" removes the clause X names; any other
// reason becomes a clause of its own.

const SHORTER = /\b(?:shorter|too long|concise|fewer|too many|shorten|wordy|verbose)\b/i;
const DROP = /\b(?:remove|drop|delete|don't|do not|without|no need for|get rid of)\b/i;
const QUOTED = /"([^"]{3,})"|“([^”]{3,})”|‘([^’]{3,})’|'([^']{3,})'/g;
const FILLER = new Set("remove drop delete don't not without need get rid clause clauses rule rules line lines part bullet one about please new added that this".split(" "));

type Revision = { directives: string; change: string } | { stuck: string };

export function rejectionTurn(view: PromptView, ctx: ImproverContext, reason: string): ImproverAnswer {
  const decision = (what: string): RecordNoteInput => ({ kind: "decision", content: `Rejected: ${stripEnd(reason).slice(0, 3_000)}; ${what}.` });
  const blocked = cannotPropose(ctx);
  if (blocked) return { text: `Understood. ${blocked}`, notes: [decision("no revision: the directives are not fully visible")] };
  const head = ctx.directives!;
  const previous = lastProposal(view);
  const base = previous?.directives ?? head;
  const revision = revise({ base, head, reason, version: ctx.version });

  if ("stuck" in revision) return { text: `Understood. ${revision.stuck}`, notes: [decision("asked which part to change")] };
  const confidence = wantsDraft(reason) ? DRAFT : Math.min(CONFIDENT, Math.max(previous?.confidence ?? CONFIDENT, APPROVAL_CONFIDENCE));
  // The version keeps why it exists (the first sentence of the earlier rationale) and what the rejection changed.
  const why = previous?.rationale.split(/(?<=[.!?])\s/)[0]?.trim();
  const rationale = `${why ? `${why} ` : ""}Revised after your rejection (${quote(reason, 300)}): this revision ${revision.change}; the rest is unchanged.`;
  return {
    text: `Understood: this revision ${revision.change}. Here it is again as ${versionLabel(ctx.version)}.`,
    proposal: { directives: revision.directives, rationale: rationale.slice(0, 2_000), confidence },
    notes: [decision(`revised: ${revision.change}`)],
  };
}

function revise({ base, head, reason, version }: { base: string; head: string; reason: string; version: number | null }): Revision {
  const added = addedClauses(base, head);
  if (SHORTER.test(reason)) {
    if (added.length > 1) return { directives: removeClauses(base, added.slice(1)), change: `keeps only ${quote(added[0])}` };
    return { stuck: "The proposal adds a single clause; making it shorter would mean cutting directives that are working. Which part should I drop?" };
  }
  if (DROP.test(reason)) {
    const target = findTarget(reason, [...added, ...bullets(base).filter((b) => !added.includes(b))]);
    if (target) {
      const directives = removeClauses(base, [target]);
      if (directives.trim() === head.trim()) return { stuck: `Without ${quote(target)} nothing is left to change. What would you like instead?` };
      return { directives, change: `drops ${quote(target)}` };
    }
  }
  const clause = toDirective(reason);
  if (!clause || present(base, clause, { loose: false })) return { stuck: "The proposal already says that. What should be different?" };
  return { directives: addClauses(base, [clause], version === null ? null : version + 1), change: `adds ${quote(clause)}` };
}

const bullets = (directives: string) =>
  directives
    .split("\n")
    .map((l) => l.trim())
    .filter((l) => l.startsWith("- "))
    .map((l) => l.slice(2));

/** The clause the reason points at: quoted words, a category's canned clause, or the best word overlap. */
function findTarget(reason: string, candidates: string[]): string | null {
  for (const m of reason.matchAll(QUOTED)) {
    const needle = (m[1] ?? m[2] ?? m[3] ?? m[4]).toLowerCase();
    const hit = candidates.find((c) => c.toLowerCase().includes(needle));
    if (hit) return hit;
  }
  for (const category of namedCategories(reason)) {
    const hit = candidates.find((c) => isCategoryClause(c, category));
    if (hit) return hit;
  }
  const wanted = [...contentWords(reason)].filter((w) => !FILLER.has(w));
  let best: { clause: string; score: number } | null = null;
  for (const clause of candidates) {
    const words = contentWords(clause);
    const shared = wanted.filter((w) => words.has(w)).length;
    const score = wanted.length ? shared / wanted.length : 0;
    if (shared > 0 && score >= 0.5 && (!best || score > best.score)) best = { clause, score };
  }
  return best?.clause ?? null;
}
