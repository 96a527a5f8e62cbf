import type { FeedbackCategory } from "@/generated/prisma/enums";
import { APPROVAL_CONFIDENCE, type Prediction, type RecordNoteInput } from "@/ai/prompts/improver";
import { appendBullets } from "@/ai/directives/edit";
import type { ClauseNote } from "@/ai/directives/feedback-plan";
import { clauseText } from "@/ai/directives/policy";
import { classifyFeedbackText } from "@/features/feedback/classifier/model";
import { categoryClause, isCategoryClause, isSpecific, namedCategories, present, toDirective, wantsDraft } from "./improve-clauses";
import type { CategoryCount, ImproverContext } from "./improve-context";
import { addedLines, madeFrom } from "./improve-diff";
import { changeHypothesis, changePhrase, changeSentence, familyEdits, keptSentence, readsAsClauses, requestPlan, type MadeChange } from "./improve-family";
import { CONFIDENT, DRAFT, lastProposal, plural, quote, versionLabel, type ImproverAnswer } from "./improve-turn";
import type { PromptView } from "./prompt";
import { capitalize } from "./text";

// A person's request (or, for the ritual's JSON call, none) → a complete new version: the head
// directives edited by what people's words ask of the directive clause family (improve-family.ts:
// clauses revised in place, removed, or added at the end of the bullet list, each with the words
// that led to it); the request in the person's words when it is no clause of the family; and,
// when nothing in the feedback maps to a clause, one canned clause per top negative category.

const MAX_CATEGORY_CLAUSES = 2;
/** Three similar complaints are a pattern (the improver scaffold's rule). */
const PATTERN = 3;

/** Why no complete version can be written, or null when one can. */
export function cannotPropose(ctx: ImproverContext): string | null {
  if (ctx.directives === null) return "I can't see the current directives in this conversation, so I can't write a complete new version of them.";
  if (ctx.truncated) {
    return "The current directives were cut to fit my context, so I can't see them in full. I won't propose a complete version that could silently drop the missing part; tell me the change you want and apply it to the full text by hand.";
  }
  return null;
}

export function requestTurn(view: PromptView, ctx: ImproverContext, request: string): ImproverAnswer {
  const blocked = cannotPropose(ctx);
  if (blocked) return { text: blocked };
  const head = ctx.directives!;
  // A follow-up request builds on the proposal under discussion, so earlier asks are kept.
  const previous = lastProposal(view);
  const base = previous && previous.directives.trim() !== head.trim() && madeFrom(previous.directives, head) ? previous.directives : head;
  const inProposal = base === head ? [] : addedLines(head, base);

  // The person's words as a line of their own, unless they ask something of the clause family.
  const asked = requestPlan(request, base);
  let requestClause: string | null = readsAsClauses(asked) ? null : toDirective(request) || null;
  if (requestClause && !isSpecific(requestClause)) requestClause = null;
  const already = requestClause && present(base, requestClause, { loose: false }) ? requestClause : null;
  if (already) requestClause = null;
  // Their line goes first among the new ones: a revision that keeps only one change keeps theirs.
  const family = familyEdits(ctx, head, requestClause ? appendBullets(base, [requestClause]) : base, asked);

  // Canned category clauses only for categories the person names: a clause nobody's words or
  // decisions call for is filler ("Double-check every number…"), so none is added on its own.
  const focus = namedCategories(request);
  const ranked = [...new Set(focus)];
  const picked: { category: string; clause: string }[] = [];
  let text = family.directives;
  const covered = (category: string) => inProposal.some((c) => isCategoryClause(c, category));
  // Categories the proposal under discussion already fixes count towards the limit; named ones always go in.
  let room = MAX_CATEGORY_CLAUSES - ranked.filter(covered).length;
  for (const category of ranked) {
    if (covered(category) || (room <= 0 && !focus.includes(category))) continue;
    const clause = categoryClause(category, text);
    if (present(text, clause)) continue;
    picked.push({ category, clause });
    room--;
    text += `\n${clause}`;
  }
  const changed = family.made.length > 0;
  if (!requestClause && !picked.length && !changed) {
    const asked = family.already[0];
    return {
      text: already
        ? `The directives already say ${quote(already)}, so there is nothing to add for that. Do you want it stated more strongly, or something else changed?`
        : asked
          ? `The directives already say ${quote(clauseText(asked.params))}, so there is nothing to change for that. Do you want it stated differently, or something else changed?`
          : "No change is backed by the feedback or by people's decisions right now (or the one that is was already turned down), so I'm not proposing one. What would you like to change?",
    };
  }

  const counted = picked.map((p) => ({ ...p, count: ctx.negative.find((c) => c.category === p.category) }));
  const backed = family.made.filter((m) => isBacked(ctx, m));
  const supported = requestClause !== null || backed.length > 0 || focus.length > 0 || counted.some((p) => (p.count?.count ?? 0) >= PATTERN);
  const confidence = wantsDraft(request) || !supported ? DRAFT : CONFIDENT;
  const version = versionLabel(ctx.version);
  const proposal = {
    directives: appendBullets(family.directives, picked.map((p) => p.clause)),
    rationale: rationale({ made: family.made, kept: family.kept, request: requestClause || focus.length ? request : "", vague: request, counted, confidence, askedDraft: wantsDraft(request) }),
    confidence,
  };

  const parts = [
    ...(requestClause ? [`your request as a directive (${quote(requestClause)})`] : []),
    ...family.made.map(changePhrase),
    ...counted.map((p) =>
      p.count ? `a fix for ${p.category} (${plural(p.count.count, "negative item")})` : p.category === "general" ? "a small general safeguard" : `a fix for ${p.category}`,
    ),
  ];
  const skipped = already ? ` The directives already say ${quote(already)}, so I left that as it is.` : "";
  const draftWhy = confidence < APPROVAL_CONFIDENCE ? ` It is a draft (confidence ${confidence}): ${wantsDraft(request) ? "you asked for one" : "there is not enough feedback behind it yet"}.` : "";
  return {
    text: `I'm proposing ${version}${base === head ? " with" : ": the previous proposal plus"} ${join(parts)}.${skipped}${draftWhy}`,
    proposal,
    notes: [hypothesis(backed[0] ?? (requestClause ? null : family.made[0]) ?? null, requestClause, counted)],
  };
}

type RationaleInput = {
  made: MadeChange[];
  kept: ClauseNote[];
  request: string;
  vague: string;
  counted: { category: string; count?: CategoryCount }[];
  confidence: number;
  askedDraft: boolean;
};

/** Each clause change with the words behind it, then the request and the category fixes, then what the praise keeps. */
function rationale({ made, kept, request, vague, counted, confidence, askedDraft }: RationaleInput): string {
  const sentences = made.map(changeSentence);
  const parts: string[] = [];
  const addressed = counted.filter((p) => p.count).map((p) => `${plural(p.count!.count, `negative ${p.category} item`)}${p.count!.example ? `, e.g. ${quote(p.count!.example, 120)}` : ""}`);
  if (addressed.length) parts.push(`Addresses ${addressed.join("; and ")}`);
  if (request.trim()) parts.push(`you asked: ${quote(request, 200)}`);
  if (parts.length) sentences.push(`${capitalize(parts.join("; "))}.`);
  if (!sentences.length) sentences.push(`A small, conservative change: there is no negative feedback to address yet${vague.trim() ? ` (you asked: ${quote(vague, 200)})` : ""}.`);
  sentences.push(...kept.map(keptSentence));
  if (confidence < APPROVAL_CONFIDENCE) sentences.push(askedDraft ? "Offered as a draft, as you asked." : "Fewer than three similar complaints back it, so it is a draft.");
  return fit(sentences.join(" "), 2_000);
}

/** At most `max` characters, cut at a word. */
function fit(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(" "), 1)).trimEnd()}…`;
}

/** The note tests the best-backed clause change; else the request; else the category fix with the most complaints. */
function hypothesis(change: MadeChange | null, requestClause: string | null, counted: { category: string; clause: string; count?: CategoryCount }[]): RecordNoteInput {
  if (change) return { kind: "hypothesis", content: changeHypothesis(change), prediction: changePrediction(change) };
  const lead = counted.find((p) => p.count) ?? (requestClause ? null : counted[0]);
  const clause = lead?.clause ?? requestClause ?? counted[0]?.clause ?? "";
  const category = lead?.category ?? classifyFeedbackText(clause, "comment").category;
  const feedback = category === "general" ? "negative feedback on this" : `negative ${category} feedback`;
  return {
    kind: "hypothesis",
    content: `If agents follow ${quote(clause, 300)}, ${feedback} should drop next week.`,
    prediction: { metric: "negativeFeedback", ...(category === "general" ? {} : { category: category as FeedbackCategory }), direction: "decrease", size: 5, probability: lead?.count ? 0.6 : 0.4, checkAfterDays: 7 },
  };
}

/**
 * What the built-in improver predicts of a clause change: a change people asked for by rejecting
 * proposals should raise acceptance; one from observations should lower that category's share of
 * negative feedback. Its probability follows how much feedback backs the change (three or more
 * similar texts: 0.65) — the ledger grades whether that confidence is earned.
 */
function changePrediction({ change }: MadeChange): Prediction {
  const backed = change.weight >= PATTERN ? 0.65 : 0.5;
  if (change.data) return change.kind.startsWith("report.") ? { metric: "rating", direction: "increase", size: 0.05, probability: backed, checkAfterDays: 7 } : { metric: "acceptance", direction: "increase", size: 5, probability: backed, checkAfterDays: 7 };
  if (change.evidence.some((e) => e.source === "rejection")) return { metric: "acceptance", direction: "increase", size: 5, probability: backed, checkAfterDays: 7 };
  const category = change.evidence.find((e) => e.category && e.category !== "general")?.category;
  return { metric: "negativeFeedback", ...(category ? { category: category as FeedbackCategory } : {}), direction: "decrease", size: 5, probability: backed, checkAfterDays: 7 };
}

/**
 * A clause change is backed by a person's request, by three or more texts, or by an example of a
 * category with three or more complaints (one quoted example of twelve speaks for more than itself).
 */
function isBacked(ctx: ImproverContext, { change }: MadeChange): boolean {
  const negative = (category: string | null) => ctx.negative.find((c) => c.category === category)?.count ?? 0;
  return change.weight >= PATTERN || change.evidence.some((e) => e.source === "request" || negative(e.category) >= PATTERN);
}

export const join = (items: string[]) => (items.length <= 1 ? (items[0] ?? "") : `${items.slice(0, -1).join(", ")} and ${items.at(-1)}`);
