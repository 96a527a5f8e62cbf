import { z } from "zod";
import { GateSchema } from "@/features/templates/schemas";

// The persona file (docs/LAB.md): a simulated team — reviewers with hidden preferences, the owner
// who approves new directives, the noise — as JSON. Strict objects, so a misspelt key is an error
// rather than a preference that silently does nothing. Conditions are CEL strings, compiled and
// checked by load.ts.

const Phrases = z.array(z.string().trim().min(3, { error: "a phrase needs at least 3 characters (a rejection reason must have 3)" }).max(2000)).min(1, { error: "give at least one phrase" });
const Chance = z.number().min(0).max(1);
const Label = z.string().trim().min(1).max(60);
const Condition = z.string().trim().min(1).max(1000);

export const VerdictRule = z.strictObject({
  label: Label.optional(),
  on: z.enum(["checklist", "estimate", "status"]).optional(),
  when: Condition.optional(),
  verdict: z.enum(["reject", "confirm", "defer"]),
  chance: Chance.default(1),
  say: Phrases.optional(),
});

export const RatingRule = z.strictObject({ label: Label.optional(), when: Condition, rate: z.number().min(0).max(1), chance: Chance.default(1) });

export const CommentRule = z.strictObject({ label: Label.optional(), when: Condition, chance: Chance.default(1), say: Phrases });

export const Reviewer = z.strictObject({
  name: z.string().trim().min(1).max(60),
  role: z.string().trim().max(120).optional(),
  share: z.number().positive().default(1),
  takes: Condition.optional(),
  default: z.enum(["confirm", "reject", "defer"]).default("confirm"),
  defaultSay: Phrases.optional(),
  rules: z.array(VerdictRule).default([]),
  rating: z
    .strictObject({ chance: Chance.default(1), start: z.number().min(0).max(1).default(0.8), perRejection: z.number().min(0).max(1).default(0.1), rules: z.array(RatingRule).default([]) })
    .default({ chance: 1, start: 0.8, perRejection: 0.1, rules: [] }),
  comments: z.array(CommentRule).default([]),
});

export const Owner = z.strictObject({
  name: z.string().trim().min(1).max(60),
  approve: z.string().trim().default("replay-favourable"),
  favourable: z
    .strictObject({ minKept: z.number().min(0).max(1).default(0.9), minAvoided: z.number().int().min(0).default(1), minNet: z.number().int().default(0) })
    .default({ minKept: 0.9, minAvoided: 1, minNet: 0 }),
  rating: z.number().min(0).max(1).default(0.8),
  drafts: z.enum(["ignore", "reject"]).default("ignore"),
  /** `reject` is what the owner says when no more specific list fits; `lost` when the replay loses acceptances, `notAvoided` when it avoids too few rejections, `draft` for a draft. */
  say: z.strictObject({ reject: Phrases, lost: Phrases.optional(), notAvoided: Phrases.optional(), draft: Phrases.optional() }),
});

export const Noise = z.strictObject({
  verdict: Chance.default(0.1),
  rating: z.number().min(0).max(0.5).default(0.05),
  say: Phrases.default(["Not this one.", "Hmm, leave it for now.", "No, I'd rather handle this one myself.", "Skip it this time."]),
});

export const TemplateOverride = z.strictObject({
  name: z.string().trim().min(2).max(80).optional(),
  directives: z.string().trim().min(10).max(20_000).optional(),
  gates: z.array(GateSchema).min(1).max(10).optional(),
  qualityThreshold: z.number().min(0).max(1).optional(),
  maxIterations: z.number().int().min(1).max(10).optional(),
});

export const PersonaFile = z.strictObject({
  team: z.string().trim().min(1).max(120),
  about: z.string().max(4000).optional(),
  noise: Noise.default({ verdict: 0.1, rating: 0.05, say: ["Not this one.", "Hmm, leave it for now.", "No, I'd rather handle this one myself.", "Skip it this time."] }),
  vocabulary: z
    .strictObject({
      blocking: z.array(z.string().min(1)).optional(),
      jargon: z.array(z.string().min(1)).optional(),
      topics: z.record(z.string().min(1), z.array(z.string().min(1)).min(1)).optional(),
      criteria: z.array(z.string().min(1)).optional(),
    })
    .optional(),
  template: TemplateOverride.optional(),
  reviewers: z.array(Reviewer).min(1, { error: "a team needs at least one reviewer" }),
  owner: Owner,
});

export type PersonaFileInput = z.output<typeof PersonaFile>;
