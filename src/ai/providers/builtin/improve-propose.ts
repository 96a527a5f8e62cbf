import { APPROVAL_CONFIDENCE, type RecordNoteInput } from "@/ai/prompts/improver";
import { classifyFeedbackText } from "@/features/feedback/classifier/model";
import { addClauses, addedClauses, categoryClause, isCategoryClause, isSpecific, namedCategories, present, toDirective, wantsDraft } from "./improve-clauses";
import type { CategoryCount, ImproverContext } from "./improve-context";
import { CONFIDENT, DRAFT, lastProposal, plural, quote, versionLabel, type ImproverAnswer } from "./improve-turn";
import type { PromptView } from "./prompt";

// A person's request (or, for the ritual's JSON call, none) → a complete new version: the head
// directives plus the request as a clause plus one canned clause per top negative category.

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
  const base = previous && previous.directives.startsWith(head.trimEnd()) ? previous.directives : head;
  const inProposal = base === head ? [] : addedClauses(base, head);

  let requestClause: string | null = toDirective(request) || null;
  if (requestClause && !isSpecific(requestClause)) requestClause = null;
  const already = requestClause && present(base, requestClause, { loose: false }) ? requestClause : null;
  if (already) requestClause = null;

  const focus = namedCategories(request);
  const ranked = [...new Set([...focus, ...ctx.negative.map((c) => c.category)])];
  const picked: { category: string; clause: string }[] = [];
  let text = requestClause ? `${base}\n${requestClause}` : base;
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
  if (!requestClause && !picked.length && !already) {
    // Nothing to point at: a small conservative change, offered as a draft.
    const clause = categoryClause("general", base);
    if (!present(base, clause)) picked.push({ category: "general", clause });
  }
  const clauses = [...(requestClause ? [requestClause] : []), ...picked.map((p) => p.clause)];
  if (!clauses.length) {
    return {
      text: already
        ? `The directives already say ${quote(already)}, so there is nothing to add for that. Do you want it stated more strongly, or something else changed?`
        : "The directives already contain the fixes I would suggest for the current feedback. What would you like to change?",
    };
  }

  const counted = picked.map((p) => ({ ...p, count: ctx.negative.find((c) => c.category === p.category) }));
  const supported = requestClause !== null || focus.length > 0 || counted.some((p) => (p.count?.count ?? 0) >= PATTERN);
  const confidence = wantsDraft(request) || !supported ? DRAFT : CONFIDENT;
  const version = versionLabel(ctx.version);
  const proposal = {
    directives: addClauses(base, clauses, ctx.version === null ? null : ctx.version + 1),
    rationale: rationale({ request: requestClause || focus.length ? request : "", vague: request, counted, confidence, askedDraft: wantsDraft(request) }),
    confidence,
  };

  const parts = [
    ...(requestClause ? [`your request as a directive (${quote(requestClause)})`] : []),
    ...counted.map((p) =>
      p.count ? `a fix for ${p.category} (${plural(p.count.count, "negative item")})` : p.category === "general" ? "a small general safeguard" : `a fix for ${p.category}`,
    ),
  ];
  const skipped = already ? ` The directives already say ${quote(already)}, so I left that as it is.` : "";
  const draftWhy = confidence < APPROVAL_CONFIDENCE ? ` It is a draft (confidence ${confidence}): ${wantsDraft(request) ? "you asked for one" : "there is not enough feedback behind it yet"}.` : "";
  return {
    text: `I'm proposing ${version}${base === head ? " with" : ": the previous proposal plus"} ${join(parts)}.${skipped}${draftWhy}`,
    proposal,
    notes: [hypothesis(requestClause, counted)],
  };
}

type RationaleInput = { request: string; vague: string; counted: { category: string; count?: CategoryCount }[]; confidence: number; askedDraft: boolean };

function rationale({ request, vague, counted, confidence, askedDraft }: RationaleInput): string {
  const parts: string[] = [];
  const addressed = counted.filter((p) => p.count).map((p) => `${plural(p.count!.count, `negative ${p.category} item`)}${p.count!.example ? `, e.g. ${quote(p.count!.example, 120)}` : ""}`);
  if (addressed.length) parts.push(`Addresses ${addressed.join("; and ")}`);
  if (request.trim()) parts.push(`you asked: ${quote(request, 200)}`);
  if (!parts.length) parts.push(`A small, conservative change: there is no negative feedback to address yet${vague.trim() ? ` (you asked: ${quote(vague, 200)})` : ""}`);
  let out = parts.join("; ");
  out = `${out[0].toUpperCase()}${out.slice(1)}.`;
  if (confidence < APPROVAL_CONFIDENCE) out += askedDraft ? " Offered as a draft, as you asked." : " Fewer than three similar complaints back it, so it is a draft.";
  return out.slice(0, 2_000);
}

function hypothesis(requestClause: string | null, counted: { category: string; clause: string; count?: CategoryCount }[]): RecordNoteInput {
  const lead = counted.find((p) => p.count) ?? (requestClause ? null : counted[0]);
  const clause = lead?.clause ?? requestClause ?? counted[0]!.clause;
  const category = lead?.category ?? classifyFeedbackText(clause, "comment").category;
  const feedback = category === "general" ? "negative feedback on this" : `negative ${category} feedback`;
  return { kind: "hypothesis", content: `If agents follow ${quote(clause, 300)}, ${feedback} should drop next week.` };
}

export const join = (items: string[]) => (items.length <= 1 ? (items[0] ?? "") : `${items.slice(0, -1).join(", ")} and ${items.at(-1)}`);
