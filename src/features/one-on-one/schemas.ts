import { z } from "zod";
import { atMostMessage, TEXT_LIMITS } from "@/lib/text-limits";
import { IdSchema } from "@/features/workspaces/schemas";
import { EvolutionNoteKind } from "@/generated/prisma/enums";

// Inputs of the one-on-one's actions and chat route. Pure (no server imports): forms use them too.

export const RatingSchema = z.number({ error: "Give a rating between 0 and 1." }).min(0, "Ratings go from 0 to 1.").max(1, "Ratings go from 0 to 1.");

export const ChatMessageInput = z.object({
  id: z.string().max(100).optional(),
  role: z.literal("user"),
  parts: z
    .array(z.object({ type: z.literal("text"), text: z.string().trim().min(1, "Write a message.").max(TEXT_LIMITS.chatMessage, { error: atMostMessage(TEXT_LIMITS.chatMessage) }) }))
    .length(1, "Send one text message at a time."),
  metadata: z.object({ kind: z.enum(["opening", "rejection"]).optional(), proposalId: IdSchema.optional() }).strict().optional(),
});
export type ChatMessageInput = z.infer<typeof ChatMessageInput>;

export const ChatRequest = z
  .object({
    sessionId: IdSchema,
    message: ChatMessageInput,
    /** "Regenerate": the stored answer (the session's newest message) to take back before answering the message again. */
    replaces: IdSchema.optional(),
    /** "Edit": the person's newest stored message, whose text becomes `message`'s (its answer taken back) before it is answered again. */
    edits: IdSchema.optional(),
  })
  .refine((r) => !(r.replaces && r.edits), { error: "Regenerate or edit, not both at once.", path: ["edits"] })
  .refine((r) => !(r.edits && r.message.metadata?.kind), { error: "An edited message is plain text.", path: ["edits"] });

/** The chat route's GET (resume the answer being written): `?sessionId=`. */
export const FollowAnswerInput = z.object({ sessionId: IdSchema });

export const StopAnswerInput = z.object({ sessionId: IdSchema });

export const StartSessionInput = z.object({ templateId: IdSchema });
/** One line of the active directives to revert (as shown; matched after trimming). */
export const RevertClauseInput = z.object({ templateId: IdSchema, line: z.string().trim().min(1, { error: "Choose a line to revert." }).max(2_000, { error: "That is not a line of the directives." }) });
export const SessionInput = z.object({ sessionId: IdSchema });
export const FinishSessionInput = z.object({ sessionId: IdSchema, rating: RatingSchema.nullable() });
export const ApproveProposalInput = z.object({
  proposalId: IdSchema,
  rating: RatingSchema,
  finish: z.boolean().default(true),
  /** Approving although the replay check's guard blocks it: why (workspaces in guard mode). */
  overrideReason: z.string().trim().min(3, "Say why you approve despite the replay check.").max(TEXT_LIMITS.proposalReason, { error: atMostMessage(TEXT_LIMITS.proposalReason) }).optional(),
  /** Approving a reversal of a recent change with no new evidence: what changed (the oscillation guard). */
  reversalReason: z.string().trim().min(3, "Say what changed since that change was approved.").max(TEXT_LIMITS.proposalReason, { error: atMostMessage(TEXT_LIMITS.proposalReason) }).optional(),
});
export const RejectProposalInput = z.object({
  proposalId: IdSchema,
  reason: z.string().trim().min(3, "Say why, so the improver can do better.").max(TEXT_LIMITS.proposalReason, { error: atMostMessage(TEXT_LIMITS.proposalReason) }),
  /** Rejected inside the chat, which carries the revision: a waiting ritual is not told to revise on its own. */
  refineInChat: z.boolean().default(false),
});

export const NotesFilter = z.object({
  kind: z.enum(EvolutionNoteKind).optional().catch(undefined),
  session: z.coerce.number().int().positive().optional().catch(undefined),
  q: z.string().trim().max(TEXT_LIMITS.searchQuery).optional().catch(undefined),
});

/** The team settles a preference conflict: a rule, its own words (`custom`), or not a real disagreement (`dismiss`). */
// (A custom ruling without words is refused by the service, 400 on `text`: an object with a
// refinement cannot be extended with the workspace slug.)
export const SettlePreferenceConflictInput = z.object({
  conflictId: IdSchema,
  ruling: z.enum(["confirm", "reject", "custom", "dismiss"], { error: "Choose how the team settles it." }),
  text: z.string().trim().max(TEXT_LIMITS.conflictNote, { error: atMostMessage(TEXT_LIMITS.conflictNote) }).optional(),
});
