import { z } from "zod";
import { isSingleLine, SINGLE_LINE_MESSAGE } from "@/lib/input-rules";
import { atMostMessage, TEXT_LIMITS } from "@/lib/text-limits";
import { IdSchema } from "@/features/workspaces/schemas";
import { TemplateKind } from "@/generated/prisma/enums";

export const GateSchema = z.object({
  name: z.string().trim().min(1).max(60).refine(isSingleLine, SINGLE_LINE_MESSAGE),
  description: z.string().trim().max(500).default(""),
  threshold: z.number().gt(0).max(1),
  weight: z.number().min(0).max(1),
});

/** Self-refine configuration of a template. Weights should sum to 1. */
export const RefineConfigSchema = z
  .object({
    gates: z.array(GateSchema).max(10).default([]),
    qualityThreshold: z.number().min(0).max(1).default(0.9),
    maxIterations: z.number().int().min(1).max(10).default(5),
    models: z
      .object({ execute: z.string().max(100).optional(), evaluate: z.string().max(100).optional(), refine: z.string().max(100).optional() })
      .default({}),
  })
  .refine((c) => c.gates.length === 0 || Math.abs(c.gates.reduce((s, g) => s + g.weight, 0) - 1) < 0.001, {
    error: "Gate weights must add up to 1.",
    path: ["gates"],
  });
export type RefineConfig = z.output<typeof RefineConfigSchema>;

export const DirectivesSchema = z
  .string({ error: "Directives are required." })
  .trim()
  .min(10, { error: "Directives need at least 10 characters." })
  .max(TEXT_LIMITS.directives, { error: atMostMessage(TEXT_LIMITS.directives) });

export const TemplateKindSchema = z.enum(TemplateKind);

export const CreateTemplateInput = z.object({
  name: z.string().trim().min(2, { error: "Use at least 2 characters." }).max(TEXT_LIMITS.templateName, { error: atMostMessage(TEXT_LIMITS.templateName) }).refine(isSingleLine, SINGLE_LINE_MESSAGE),
  description: z.string().trim().max(TEXT_LIMITS.templateDescription, { error: atMostMessage(TEXT_LIMITS.templateDescription) }).default(""),
  kind: TemplateKindSchema.default("taskAgent"),
  modelId: z.string().trim().min(1).max(100).default("default"),
  directives: DirectivesSchema,
  refineConfig: RefineConfigSchema.optional(),
});

export const CreateVersionInput = z.object({
  templateId: IdSchema,
  directives: DirectivesSchema,
  rationale: z.string().trim().max(TEXT_LIMITS.versionRationale, { error: atMostMessage(TEXT_LIMITS.versionRationale) }).optional(),
});

export const SetHeadInput = z.object({ templateId: IdSchema, versionId: IdSchema });
