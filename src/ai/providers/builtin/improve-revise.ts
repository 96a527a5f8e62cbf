import { APPROVAL_CONFIDENCE, type ProposeDirectivesInput, type RecordNoteInput } from "@/ai/prompts/improver";
import { applyClauseEdits, type AppliedEdit } from "@/ai/directives/edit";
import { planFromData } from "@/ai/directives/from-data";
import { planFromFeedback } from "@/ai/directives/feedback-plan";
import { numbersIn } from "@/ai/directives/feedback/words";
import { CLAUSE_KINDS, isNumericKind, numberOf, paramsOf } from "@/ai/directives/params";
import { clausesOf, readDirectives, type ClauseKind } from "@/ai/directives/policy";
import { isCategoryClause, namedCategories, removeClauses, wantsDraft } from "./improve-clauses";
import type { ImproverContext } from "./improve-context";
import { changedSentences, keepChanges, lineChanges, type LineChange } from "./improve-diff";
import { cannotPropose, join } from "./improve-propose";
import { CONFIDENT, DRAFT, lastProposal, quote, versionLabel, type ImproverAnswer } from "./improve-turn";
import type { PromptView } from "./prompt";
import { contentWords, stripEnd } from "./text";

// After a rejection: revise the last proposal by the person's reason and propose again. The
// reason is feedback too: read as the improver reads all feedback (directives/from-feedback.ts),
// it edits the clauses the same way ("5 is too few, make it 7" → at most 7; "drop the jargon
// one" → that clause goes) — except that a number people's decisions measured is not moved by
// words alone, and a clause the data backs is not dropped for a reason that names no clause. A
// reason that names no clause: "too long" keeps only the first change (or the one it names);
// "drop X" takes back the change X names; anything else ("not enough", "the replay says it loses
// 9 of 17") takes back the change the least evidence backs. A reason is never copied into the
// directives, and a revision people already rejected is not proposed again.

const SHORTER = /\b(?:shorter|too long|concise|fewer|too many|shorten|wordy|verbose)\b/i;
const DROP = /\b(?:remove|drop|delete|don't|do not|without|no need for|get rid of)\b/i;
const QUOTED = /"([^"]{3,})"|“([^”]{3,})”|‘([^’]{3,})’|'([^']{3,})'/g;
const FILLER = new Set("remove drop delete don't not without need get rid clause clauses rule rules line lines part bullet one about please new added that this keep only just change changes too long shorter fewer many".split(" "));
/** "Keep only the X change", "too many changes": about the proposal itself, not about a clause. */
const ABOUT_PROPOSAL = /\b(?:keep only|only keep|just keep|only the [\w\s-]{0,30}?(?:change|one|rule|line|clause|part)|proposal|(?:too many|fewer) (?:changes|rules|clauses|lines|edits)|changes at once)\b/i;
/** "You don't sound sure", "why so unsure?": about how firmly the improver stands behind it, not a rule for the agents. */
const ABOUT_CERTAINTY = /\b(?:you(?:'re| are)?|your (?:proposal|rationale))\b[^.]{0,30}?\b(?:unsure|not sure|not confident|uncertain|hesitant|(?:sounds?|seems?|look|looks) (?:un)?(?:sure|certain|confident))\b|\blow confidence\b|\bconfidence (?:is )?(?:too )?low\b/i;
/** A reason that names a limit without saying which ("make it 7", "the cap is too low") is about the clauses the proposal changed. */
const LIMIT_WORDS = /\b(?:limit|cap|max(?:imum)?)\b/i;
/** "Replay says it avoids only 1 of 20 rejections", "this throws away 9 of the 17 things people were happy with": about what the proposal did, not a rule for the agents. */
const ABOUT_OUTCOME = /\b(?:replay|avoids?|avoided|rejections|acceptances|confirmed|(?:loses|lost|throws? away|drops?) \d+|\d+ of (?:the )?\d+|people were happy with|not enough|firm it up|more evidence|too risky|not convinced)\b/i;

type Revision = { directives: string; change: string } | { stuck: string };

export function rejectionTurn(view: PromptView, ctx: ImproverContext, reason: string, rejected: ProposeDirectivesInput | null = null): ImproverAnswer {
  const decision = (what: string): RecordNoteInput => ({ kind: "decision", content: `Rejected: ${stripEnd(reason).slice(0, 3_000)}; ${what}.` });
  const blocked = cannotPropose(ctx);
  if (blocked) return { text: `Understood. ${blocked}`, notes: [decision("no revision: the directives are not fully visible")] };
  const head = ctx.directives!;
  // In the chat the rejected proposal is in the conversation; a ritual's turn passes it along.
  const previous = lastProposal(view) ?? rejected;
  const base = previous?.directives ?? head;
  // Doubt about the improver's certainty is the one reason that asks for the same change again, stood behind.
  const turnedDown = ABOUT_CERTAINTY.test(reason) ? ctx.rejectedDirectives : [...ctx.rejectedDirectives, base];
  let revised = revise({ base, head, reason, ctx });
  // A revision people already turned down is no answer: take back one more change, or ask.
  for (let tries = 0; "directives" in revised && wasRejected(revised.directives, turnedDown) && tries < 3; tries++) {
    revised = weakestTakenBack(revised.directives, head, ctx) ?? { stuck: "Every version of this change I could make was already turned down. What would you like changed instead?" };
  }
  // A revision that takes every change back is no proposal (the head as it is cannot be proposed).
  const revision: Revision =
    "directives" in revised && revised.directives.trim() === head.trim() ? { stuck: "With that, nothing is left of the proposal: the directives would stay as they are. What would you like changed instead?" } : revised;

  if ("stuck" in revision) return { text: `Understood. ${revision.stuck}`, notes: [decision("asked which part to change")] };
  const confidence = wantsDraft(reason) && !ABOUT_CERTAINTY.test(reason) ? DRAFT : Math.min(CONFIDENT, Math.max(previous?.confidence ?? CONFIDENT, APPROVAL_CONFIDENCE));
  // The version keeps why it exists (the first sentence of the earlier rationale) and what the rejection changed.
  const why = previous?.rationale.split(/(?<=[.!?])\s/)[0]?.trim();
  const rationale = `${why ? `${why} ` : ""}Revised after your rejection (${quote(reason, 300)}): this revision ${revision.change}; the rest is unchanged.`;
  return {
    text: `Understood: this revision ${revision.change}. Here it is again as ${versionLabel(ctx.version)}.`,
    proposal: { directives: revision.directives, rationale: rationale.slice(0, 2_000), confidence },
    notes: [decision(`revised: ${revision.change}`)],
  };
}

const same = (a: string, b: string) => a.replace(/\s+/g, " ").trim().toLowerCase() === b.replace(/\s+/g, " ").trim().toLowerCase();
const wasRejected = (directives: string, rejected: readonly string[]) => rejected.some((r) => same(r, directives));

/** The proposal without the change the least evidence backs: one no measured decision calls for first, else the last. Null when only one change is left. */
function weakestTakenBack(base: string, head: string, ctx: ImproverContext): Revision | null {
  const changes = lineChanges(head, base);
  if (changes.length <= 1) return null;
  const measured = new Set(planFromData(ctx.signals, readDirectives(head), ctx.acceptanceByKind).changes.map((c) => c.kind));
  const backed = (c: LineChange) => clausesOf(c.added ?? c.removed ?? "").some((k) => measured.has(k));
  const weakest = changes.findIndex((c) => !backed(c));
  const drop = weakest >= 0 ? weakest : changes.length - 1;
  return { directives: keepChanges(head, base, (i) => i !== drop), change: `takes back ${quote(changeText(changes[drop]!))}${weakest >= 0 ? " (no measured decision backs it)" : ""}` };
}

function revise({ base, head, reason, ctx }: { base: string; head: string; reason: string; ctx: ImproverContext }): Revision {
  // Doubt about the improver's certainty is no directive for the agents: the same change, stood behind.
  if (ABOUT_CERTAINTY.test(reason) && base.trim() !== head.trim()) return { directives: base, change: "keeps the same change and stands behind it (the evidence is in the rationale)" };
  const aboutProposal = ABOUT_PROPOSAL.test(reason) || ABOUT_OUTCOME.test(reason);
  const byClauses = aboutProposal ? null : reviseClauses(base, head, reason, ctx);
  if (byClauses) return byClauses;
  const changes = lineChanges(head, base);
  const shown = changes.map(changeText);
  if (SHORTER.test(reason) || /\b(?:keep only|only keep|just keep)\b/i.test(reason)) {
    if (changes.length <= 1) return { stuck: "The proposal makes a single change; making it shorter would mean cutting directives that are working. Which part should I drop?" };
    const named = findTarget(reason, shown);
    const keep = named === null ? 0 : shown.indexOf(named);
    return { directives: keepChanges(head, base, (i) => i === keep), change: `keeps only ${quote(shown[keep]!)}` };
  }
  if (DROP.test(reason)) {
    const others = bullets(base).filter((b) => !shown.includes(b));
    const target = findTarget(reason, [...shown, ...others]);
    if (target) {
      const at = shown.indexOf(target);
      // A change of the proposal is taken back (a revised clause returns to the head's words); a line of the head goes.
      const directives = at >= 0 ? keepChanges(head, base, (i) => i !== at) : removeClauses(base, [target]);
      if (directives.trim() === head.trim()) return { stuck: `Without ${quote(target)} nothing is left to change. What would you like instead?` };
      return { directives, change: `drops ${quote(target)}` };
    }
  }
  // The reason names no clause: take back the change the least evidence backs (never the reason's own words as a directive).
  return weakestTakenBack(base, head, ctx) ?? { stuck: "The proposal makes a single change, and your reason does not say what to do instead. What should be different?" };
}

/** The reason read as feedback on the clause family; null when it asks nothing of it. */
function reviseClauses(base: string, head: string, reason: string, ctx: ImproverContext): Revision | null {
  const policy = readDirectives(base);
  const about = limitsNamed(reason) ? aboutChanged(base, head, reason) : [];
  const plan = planFromFeedback([{ text: reason, count: 1, source: "request", about }], policy, { limit: CLAUSE_KINDS.length });
  // What people's decisions measured stands: a number is not moved by a reason alone, a backed clause not dropped.
  const data = planFromData(ctx.signals, readDirectives(head), ctx.acceptanceByKind);
  const backed = new Set([...data.backed, ...data.changes].map((c) => c.kind));
  const changes = plan.changes.filter((c) => !(isNumericKind(c.kind) && data.numbers[c.kind] !== undefined) && !(c.to === null && backed.has(c.kind)));
  if (!changes.length) return null;
  const edited = applyClauseEdits(base, changes.map(({ kind, to }) => ({ kind, to })));
  if (!edited.applied.length) return null;
  return { directives: edited.directives, change: join(edited.applied.map(editPhrase)) };
}

const limitsNamed = (reason: string) => numbersIn(reason).length > 0 || LIMIT_WORDS.test(reason);

/** The clauses the proposal changed, the one whose number the reason mentions first ("5 is too few" → the limit of 5). */
function aboutChanged(base: string, head: string, reason: string): ClauseKind[] {
  const kinds = new Set<ClauseKind>();
  for (const c of lineChanges(head, base)) {
    const { before, after } = c.removed !== null && c.added !== null ? changedSentences(c.removed, c.added) : { before: c.removed ?? "", after: c.added ?? "" };
    for (const k of [...clausesOf(before), ...clausesOf(after)]) kinds.add(k);
  }
  const policy = readDirectives(base);
  const mentioned = new Set(numbersIn(reason));
  const named = (k: ClauseKind) => mentioned.has(numberOf(paramsOf(policy, k)) ?? NaN);
  const ordered = CLAUSE_KINDS.filter((k) => kinds.has(k));
  return [...ordered.filter(named), ...ordered.filter((k) => !named(k))];
}

const editPhrase = (a: AppliedEdit) =>
  a.after === null ? `removes ${quote(a.before ?? "")}` : a.before === null ? `adds ${quote(a.after)}` : `changes ${quote(a.before)} to ${quote(a.after)}`;

/** A change as the words it puts in (or, for a removal, takes out): the changed sentence, not the whole paragraph. */
function changeText(c: LineChange): string {
  const strip = (l: string) => l.trim().replace(/^[-*•+]\s+/, "");
  if (c.removed !== null && c.added !== null) return strip(changedSentences(c.removed, c.added).after || c.added);
  return strip(c.added ?? c.removed ?? "");
}

/** "checklists" and "checklist" are one word here. */
const stem = (w: string) => w.replace(/(?<=\w{2}[^s])s$/, "");

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
  const wanted = [...contentWords(reason)].filter((w) => !FILLER.has(w)).map(stem);
  let best: { clause: string; score: number } | null = null;
  for (const clause of candidates) {
    const words = new Set([...contentWords(clause)].map(stem));
    const shared = wanted.filter((w) => words.has(w)).length;
    const score = wanted.length ? shared / wanted.length : 0;
    if (shared > 0 && score >= 0.5 && (!best || score > best.score)) best = { clause, score };
  }
  return best?.clause ?? null;
}
