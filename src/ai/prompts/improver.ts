import { z } from "zod";
import { EvolutionNoteKind, FeedbackCategory, HypothesisDirection, HypothesisMetric, type SessionOrigin } from "@/generated/prisma/enums";
import { builtinContext } from "../providers/builtin/options";
import { APPROVAL_CONFIDENCE, MAX_APPROVED_MUTATIONS, rejectionMessage } from "./improver-constants";

// The improver's prompt (the one-on-one and the weekly ritual). The context builder
// (src/features/one-on-one/server/context.ts) writes these sections into the system message and
// hands the same context over as data (`ImproverContextFacts`); each turn adds what it asks for
// (`ImproverTurn`). The built-in model (src/ai/providers/builtin/improve*.ts) reads only the data,
// so the headings and line formats below are for real models and free to change.

export const IMPROVER_SECTION = {
  directives: "## Current directives",
  signals: "## What people accept (measured from their decisions and ratings)",
  feedback: "## Classified feedback",
  metrics: "## Performance metrics",
  decisions: "## Decision history",
  reports: "## Recent instance reports",
  observations: "## Recent instance observations",
  notes: "## Your notes from earlier sessions",
  versions: "## Version history",
  delta: "## Changes since your last session",
} as const;
export type ImproverSectionKey = keyof typeof IMPROVER_SECTION;

/** Sub-headings inside the feedback section, negative first (it matters most). */
export const FEEDBACK_SUBSECTION = {
  negative: "### Negative",
  positive: "### Positive",
  patterns: "### Patterns",
} as const;

export const IMPROVER_TOOLS = {
  propose: "propose_directives",
  note: "record_evolution_note",
  fetch: "fetch_instance_detail",
} as const;

export { APPROVAL_CONFIDENCE, MAX_APPROVED_MUTATIONS, OPENING_REQUEST, rejectionMessage } from "./improver-constants";

export type NoteKind = EvolutionNoteKind;

export const ProposeDirectivesInput = z.object({
  directives: z.string().trim().min(1, "Directives cannot be empty.").max(20_000),
  rationale: z.string().trim().min(1, "Say why.").max(2_000),
  confidence: z.number().min(0).max(1).describe("How sure you are this change helps, 0–1. Below 0.8 it is only a draft."),
});
export type ProposeDirectivesInput = z.infer<typeof ProposeDirectivesInput>;

/** A hypothesis note's testable prediction (graded at the first ritual after the check date: features/hypotheses). */
export const Prediction = z
  .object({
    metric: z.enum(HypothesisMetric).describe("acceptance (points), rating (0–1), quality (0–1), timeToDone (hours), tokens (per run), negativeFeedback (share of feedback items that are negative, points)"),
    tool: z.string().trim().min(1).max(64).optional().describe("acceptance only: the proposals of this tool"),
    category: z.enum(FeedbackCategory).optional().describe("negativeFeedback only: items of this category"),
    direction: z.enum(HypothesisDirection),
    size: z.number().positive().max(1_000_000).describe("the predicted change, in the metric's units (e.g. 10 = ten points of acceptance)"),
    probability: z.number().min(0).max(1).describe("your probability, 0–1, that it comes true"),
    checkAfterDays: z.number().int().min(1).max(60).default(7).describe("days from now until it is graded"),
  })
  .refine((p) => !p.tool || p.metric === "acceptance", { message: "A tool narrows acceptance only.", path: ["tool"] })
  .refine((p) => !p.category || p.metric === "negativeFeedback", { message: "A category narrows negative feedback only.", path: ["category"] });
export type Prediction = z.infer<typeof Prediction>;

export const RecordNoteInput = z.object({
  kind: z.enum(EvolutionNoteKind),
  content: z.string().trim().min(1).max(4_000),
  prediction: Prediction.optional().describe("hypothesis notes: what you predict, so it can be checked against the data"),
});
export type RecordNoteInput = z.infer<typeof RecordNoteInput>;

export const FetchInstanceInput = z.object({
  agentId: z.string().trim().min(1).max(64),
});

/** "- accuracy: 5 — e.g. "The estimate was off by a day"" (example optional). */
export function formatCategoryLine(category: string, count: number, example?: string | null): string {
  return `- ${category}: ${count}${example ? ` — e.g. "${example.replace(/\s+/g, " ").slice(0, 200)}"` : ""}`;
}

/** What the one-on-one sends as the user's turn after a rejection; the improver answers it. */

/** The weekly ritual's two model turns (no person in the loop until the review). */
const RITUAL_ANALYSIS_REQUEST =
  "Weekly ritual, analysis: review the feedback and the data above. Record your notes with record_evolution_note — at least one hypothesis to test next week, with a prediction (metric, direction, size, your probability, check date) so it is graded against the data. Do not propose yet.";
const RITUAL_PROPOSAL_REQUEST =
  "Weekly ritual, proposal: propose the directive changes the feedback calls for with propose_directives (complete directives, rationale, confidence). A person reviews it later.";

// ── The same context and turn as data ───────────────────────────────────────────────────────

const CategoryCount = z.object({ category: z.string(), count: z.number().int().min(0), example: z.string().nullable() });

/** Sections an answer may quote line by line. */
export const QUOTABLE_SECTIONS = ["metrics", "decisions", "reports", "observations", "notes", "versions", "delta"] as const satisfies readonly ImproverSectionKey[];
export type QuotableSection = (typeof QUOTABLE_SECTIONS)[number];

/**
 * One measured signal of the template's decision model (features/decision-model): a property of the
 * agents' outputs and how people's verdicts (`acceptance`: the share confirmed on each side) or
 * ratings (`rating`: the mean on each side) differ across a split of it. `accepted` is the side
 * people prefer. The line is what the context section says.
 */
export const DataSignal = z.object({
  about: z.enum(["checklist", "estimate", "status", "report"]),
  measure: z.enum(["acceptance", "rating"]),
  property: z.string(),
  test: z.enum(["atMost", "moreThan", "is", "isNot"]),
  threshold: z.number().nullable(),
  accepted: z.object({ value: z.number(), n: z.number().int() }),
  other: z.object({ value: z.number(), n: z.number().int() }),
  q: z.number(),
  line: z.string(),
});
export type DataSignal = z.infer<typeof DataSignal>;

/** What the context sections say. */
export const ImproverContextFacts = z.object({
  /** The head version; `truncated` when its section was cut to the budget, so a model cannot see it whole. */
  head: z.object({ version: z.number().int(), directives: z.string(), truncated: z.boolean() }).nullable(),
  feedback: z.object({
    /** Categories with items of the sentiment, most first; the example is something a person wrote when there is one. */
    negative: z.array(CategoryCount),
    positive: z.array(CategoryCount),
    totals: z.object({ negative: z.number().int().min(0), positive: z.number().int().min(0) }),
    /** One line per cross-agent pattern. */
    patterns: z.array(z.string()),
  }),
  /** Each section's lines as sent, without list markers, placeholders or truncation markers. */
  lines: z.record(z.enum(QUOTABLE_SECTIONS), z.array(z.string())),
  /** The agents whose reports or observations the context shows. */
  agentIds: z.array(z.string()),
  /** Tools with an open preference conflict among reviewers: directives about them wait for the team. */
  frozenTools: z.array(z.string()).optional(),
  /** The decision model's signals, strongest first (the "What people accept" section). */
  signals: z.array(DataSignal).optional(),
  /** Decided proposals per kind in the decision model's window. */
  acceptanceByKind: z.array(z.object({ about: z.string(), confirmed: z.number().int(), total: z.number().int() })).optional(),
  /** Directives of this template's proposals people rejected in the last 8 weeks (not to be proposed again as they were). */
  rejectedDirectives: z.array(z.string()).optional(),
});
export type ImproverContextFacts = z.infer<typeof ImproverContextFacts>;

/** What this turn asks of the improver. A person's message is the conversation's last user message. */
export const ImproverTurn = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("opening") }),
  z.object({ kind: z.literal("ritual-analysis") }),
  z.object({ kind: z.literal("ritual-proposal") }),
  /** `rejected`: the proposal the reason is about, when the conversation does not show it (the ritual's turns). */
  z.object({ kind: z.literal("rejection"), reason: z.string(), rejected: ProposeDirectivesInput.optional() }),
  z.object({ kind: z.literal("message") }),
]);
export type ImproverTurn = z.infer<typeof ImproverTurn>;

export const ImproverPromptData = z.object({ context: ImproverContextFacts, turn: ImproverTurn });
export type ImproverPromptData = z.infer<typeof ImproverPromptData>;

/** The `providerOptions` of an improver call: its context and turn, for the built-in model. */
export const improverProviderOptions = (data: ImproverPromptData) => builtinContext(data);

/** A turn's user message and what it asks, for callers that write the message themselves (the ritual). */
export type ImproverRequest = { text: string; turn: ImproverTurn };

export const RITUAL_ANALYSIS: ImproverRequest = { text: RITUAL_ANALYSIS_REQUEST, turn: { kind: "ritual-analysis" } };

/**
 * The ritual's proposal turn; after a rejection, the person's reason is what it answers, about the
 * proposal it rejected (shown in the message: a ritual turn carries no earlier conversation).
 */
export function ritualProposalRequest(rejectionReason: string | null | undefined, rejected?: ProposeDirectivesInput): ImproverRequest {
  if (!rejectionReason) return { text: RITUAL_PROPOSAL_REQUEST, turn: { kind: "ritual-proposal" } };
  const shown = rejected ? `\n\nThe proposal I rejected (confidence ${rejected.confidence.toFixed(2)}):\n${rejected.directives}` : "";
  return { text: `${rejectionMessage(rejectionReason)}${shown}`, turn: { kind: "rejection", reason: rejectionReason.trim(), ...(rejected ? { rejected } : {}) } };
}

/** Marker left where a section was cut to its token budget. */
export function truncationMarker(omittedTokens: number): string {
  return `[… truncated: ${omittedTokens.toLocaleString("en-US")} more tokens]`;
}

/** True for a line written by `truncationMarker`: the section above it is incomplete. */
export function isTruncationMarker(line: string): boolean {
  return /^\[… truncated: [^\]]*\]$/.test(line.trim());
}

/** The fixed scaffold (the ritual's prompt, adapted to a chat with a person). */
export function improverScaffold({ templateName, origin }: { templateName: string; origin: SessionOrigin }): string {
  const role =
    origin === "ritual"
      ? "You conduct the weekly one-on-one review of this template's performance."
      : "A teammate opened a one-on-one with you to talk about this template's performance.";
  return `You are the Template Evolution Agent — a continuous improvement specialist responsible for the "${templateName}" agent template.

## Your role
${role} Your goal is to identify patterns in how the template's agents perform and to propose incremental directive improvements that address observed issues. A person approves, rejects or refines every proposal; nothing changes without them.

## How to work
1. **Acknowledge feedback**: summarise what went well and what did not. Be specific — reference actual feedback items, not generic observations.
2. **Identify patterns**: look for recurring themes across agents and time. A single complaint is anecdotal; three similar complaints are a pattern.
3. **Record notes**: use \`${IMPROVER_TOOLS.note}\` to persist key observations for the next session.
4. **Propose changes**: use \`${IMPROVER_TOOLS.propose}\` with the COMPLETE new directives, a rationale and your confidence (0–1). Make surgical, targeted improvements; keep what works.
5. Use \`${IMPROVER_TOOLS.fetch}\` to look at one agent instance in detail when a report or observation needs context.

## Rules
- Be concise and actionable. No filler analysis.
- Preserve the agent's core identity and personality.
- Prioritise fixes for negative feedback over polishing what works.
- Record at least one \`hypothesis\` note to test in the next cycle, with a \`prediction\`: the metric, direction and size you expect from the change, your honest probability that it comes true, and when to check. It is graded from the runs (confirmed, refuted or inconclusive) and your calibration is scored; refuted ones stay in your notes as "tried, did not work".
- When uncertain, propose a small conservative change over a large risky one; a confidence below ${APPROVAL_CONFIDENCE} is shown as a draft the person cannot approve.
- Never remove capabilities that are confirmed working.
- Where reviewers disagree (an open preference conflict), leave that behaviour alone until the team settles it; follow what the team settled. Do not undo a recent change without new evidence.
- At most ${MAX_APPROVED_MUTATIONS} proposals can be approved in one session.
- When the person rejects a proposal, address their reason and propose again.`;
}
