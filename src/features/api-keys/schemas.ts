import { z } from "zod";
import { isSingleLine, SINGLE_LINE_MESSAGE } from "@/lib/input-rules";
import type { Prisma } from "@/generated/prisma/client";
import { AgentLifecycle, ChangeItemStatus, WakeRunStatus } from "@/generated/prisma/enums";
import { JsonObjectSchema, RateRunInput, RatingSchema, WakeReasonSchema } from "@/features/agents/schemas";
import { ChangeItemInput, DecideInput, VerdictSchema } from "@/features/decisions/schemas";
import { ChecklistItemSchema, TaskFields, TaskStatusSchema } from "@/features/tasks/schemas";
import { TemplateKindSchema } from "@/features/templates/schemas";
import { IdSchema } from "@/features/workspaces/schemas";
import { CursorSchema, limitSchema } from "@/lib/keyset";
import { atMostMessage, TEXT_LIMITS } from "@/lib/text-limits";
import { API_LIST_DEFAULT_LIMIT, API_LIST_MAX_LIMIT } from "./limits";
import { apiScopes, type ApiScope } from "./scopes";

// Schemas of the REST API (/api/v1) and of the key management actions. Request schemas are what
// the routes parse; response schemas type what the routes return; both feed the OpenAPI document
// (openapi.ts), so the documentation cannot drift from the code.

// ---- Keys -----------------------------------------------------------------------------------

export { apiScopes, type ApiScope };
export const ApiScopeSchema = z.enum(apiScopes, { error: "A scope is read or write." });

export const CreateApiKeyInput = z.object({
  name: z.string({ error: "Name the key." }).trim().min(2, { error: "Use at least 2 characters." }).max(TEXT_LIMITS.apiKeyName, { error: atMostMessage(TEXT_LIMITS.apiKeyName) }).refine(isSingleLine, SINGLE_LINE_MESSAGE),
  scopes: z
    .array(ApiScopeSchema, { error: "Choose at least one scope." })
    .min(1, { error: "Choose at least one scope." })
    .max(10)
    // Stored in a fixed order without duplicates, so ["write","read","read"] and ["read","write"] are one key shape.
    .transform((scopes) => apiScopes.filter((s) => scopes.includes(s))),
});
export const RevokeApiKeyInput = z.object({ apiKeyId: IdSchema });

export const IdempotencyKeySchema = z
  .string()
  .min(1, { error: "Idempotency-Key must not be empty." })
  .max(200, { error: "Idempotency-Key is limited to 200 characters." });

// ---- Requests -------------------------------------------------------------------------------

/** Postgres `integer` columns: larger numbers would fail in the database instead of here. */
const MAX_INT = 2_147_483_647;
const Count = z.number().int().min(0).max(MAX_INT);
/** ISO 8601; zod also refuses days that do not exist (2026-02-30). */
const Timestamp = z.iso.datetime({ offset: true, error: "Use an ISO 8601 timestamp, e.g. 2026-01-31T12:00:00Z." }).transform((s) => new Date(s));
/** JSON.parse only ever yields JSON, which is what Prisma's Json columns take. */
const JsonPayload = JsonObjectSchema.transform((v) => v as Prisma.InputJsonObject);
/** A run's stored inputs: enough for a task and its context, small enough to replay 30 runs in one request each. */
export const MAX_RUN_INPUTS_CHARS = 64_000;
/** The API records and lists only runs that have ended. */
const FinishedRunStatusSchema = z.enum(WakeRunStatus).exclude(["running"]);

export const ApiCreateAgentInput = z.object({
  templateId: IdSchema,
  displayName: z.string({ error: "A display name is required." }).trim().min(1).max(120).refine(isSingleLine, SINGLE_LINE_MESSAGE),
  taskId: IdSchema.optional(),
  externalId: z.string().trim().min(1).max(200).optional().meta({ description: "Your own id for the agent, unique per workspace." }),
});

export const ApiCreateTaskInput = z.object({
  ...TaskFields,
  status: TaskStatusSchema.optional(),
  estimateMinutes: z.number().int().min(1).max(100_000).optional(),
  checklist: z.array(ChecklistItemSchema).max(100).optional(),
  templateId: IdSchema.optional().meta({ description: "Creates the task's agent on this template in the same transaction." }),
});

export const ApiRecordRunInput = z
  .object({
    agentId: IdSchema,
    templateVersionId: IdSchema.optional().meta({ description: "The version the run used; defaults to the template's head." }),
    reason: WakeReasonSchema,
    status: FinishedRunStatusSchema,
    startedAt: Timestamp.optional(),
    finishedAt: Timestamp.optional(),
    durationMs: Count.optional(),
    inputTokens: Count.optional(),
    outputTokens: Count.optional(),
    qualityScore: z.number().min(0).max(1).optional(),
    iterations: z.number().int().min(0).max(1000).optional(),
    error: z.string().max(10_000).optional(),
    inputs: JsonPayload.refine((v) => JSON.stringify(v).length <= MAX_RUN_INPUTS_CHARS, { error: `inputs must be at most ${MAX_RUN_INPUTS_CHARS / 1000} KB of JSON.` })
      .optional()
      .meta({ description: "What the run was given (your own JSON: the task, the agent's state, what it read). Stored so the template's replay endpoint can play the run again with other directives." }),
  })
  .superRefine((run, ctx) => {
    // Runs even when a field failed: only compare timestamps that parsed.
    if (!(run.startedAt instanceof Date) || (run.finishedAt !== undefined && !(run.finishedAt instanceof Date))) return;
    // The service derives durationMs from the timestamps; keep that within the column and non-negative.
    const span = (run.finishedAt ?? new Date()).getTime() - run.startedAt.getTime();
    if (span < 0) ctx.addIssue({ code: "custom", path: ["finishedAt"], message: "finishedAt must not be before startedAt." });
    else if (run.durationMs === undefined && span > MAX_INT) ctx.addIssue({ code: "custom", path: ["startedAt"], message: "A run lasts at most 24 days." });
  });

export const ApiObservationInput = z.object({
  agentId: IdSchema,
  text: z.string({ error: "Text is required." }).trim().min(1).max(20_000),
  payload: JsonPayload.optional(),
  wakeRunId: IdSchema.optional(),
});

export const ApiReportInput = z.object({
  agentId: IdSchema,
  markdown: z.string({ error: "Markdown is required." }).trim().min(1).max(100_000),
  scope: z.string().trim().min(1).max(40).optional().meta({ description: 'What the report covers; defaults to "current".' }),
  confidence: z.number().min(0).max(1).optional(),
  wakeRunId: IdSchema.optional(),
});

export const ApiChangeSetInput = z.object({
  agentId: IdSchema,
  taskId: IdSchema.optional().meta({ description: "Defaults to the agent's task." }),
  wakeRunId: IdSchema.optional(),
  items: z
    .array(ChangeItemInput.extend({ args: JsonPayload.default({}) }))
    .min(1, { error: "Propose at least one item." })
    .max(50, { error: "At most 50 items per change set." }),
});

/** One item (`changeItemId`) or several (`itemIds`); the slice's DecideInput keeps its rules (a rejection needs a reason). */
export const ApiDecideInput = z
  .object({
    itemIds: z.array(IdSchema).optional(),
    changeItemId: IdSchema.optional(),
    verdict: VerdictSchema,
    reason: z.string().optional().meta({ description: "Required (3+ characters) when the verdict is rejected." }),
  })
  .superRefine((d, ctx) => {
    if ((d.itemIds === undefined) === (d.changeItemId === undefined)) {
      ctx.addIssue({ code: "custom", path: ["itemIds"], message: "Send either itemIds or changeItemId." });
    }
  })
  .transform(({ itemIds, changeItemId, ...rest }) => ({ ...rest, itemIds: itemIds ?? [changeItemId as string] }))
  .pipe(DecideInput)
  .meta({ description: "Send exactly one of itemIds or changeItemId." });

export const ApiRateRunInput = RateRunInput;

export const TemplateIdParams = z.object({ id: IdSchema });
export const AgentIdParams = z.object({ id: IdSchema });

export const ApiTemplateDirectivesQuery = z.strictObject(
  { agent: IdSchema.optional().describe("An agent of this template: the directives it must run now (its probation arm's version while a probation runs).") },
  { error: (issue) => (issue.code === "unrecognized_keys" ? `Unknown query parameter: ${issue.keys.join(", ")}. Use agent.` : undefined) },
);

const lifecycles = Object.values(AgentLifecycle).join(", ");
export const ApiListAgentsQuery = z.strictObject(
  {
    templateId: IdSchema.optional().describe("Only the agents of this template (404 when it is not in the key's workspace)."),
    lifecycle: z.enum(AgentLifecycle, { error: `lifecycle is one of ${lifecycles}.` }).optional().describe("Only the agents in this lifecycle state (their status)."),
    limit: limitSchema(API_LIST_MAX_LIMIT, API_LIST_DEFAULT_LIMIT).describe(`Agents per page, 1 to ${API_LIST_MAX_LIMIT} (default ${API_LIST_DEFAULT_LIMIT}).`),
    cursor: CursorSchema.optional().describe("The nextCursor of the previous page, unchanged; absent for the first page."),
  },
  { error: (issue) => (issue.code === "unrecognized_keys" ? `Unknown query parameter: ${issue.keys.join(", ")}. Use templateId, lifecycle, limit or cursor.` : undefined) },
);

// ---- Responses (dates are ISO 8601 strings; no BigInt ever reaches JSON) --------------------

const DateTime = z.iso.datetime();

export const ApiTemplateList = z.object({
  templates: z.array(z.object({ id: z.string(), name: z.string(), kind: TemplateKindSchema, headVersion: z.number().int().nullable() })),
});

export const ApiDirectives = z.object({ templateId: z.string(), versionId: z.string(), version: z.number().int(), directives: z.string() });

const ApiProbationArm = z
  .object({ id: z.string(), arm: z.enum(["candidate", "baseline"]), headVersion: z.number().int() })
  .nullable()
  .meta({ description: "The probation this agent takes part in and its arm (baseline: it keeps the version the head replaced); null when none runs." });

export const ApiAgentDirectives = ApiDirectives.extend({ agentId: z.string(), probation: ApiProbationArm });

export const ApiAgent = z.object({
  id: z.string(),
  templateId: z.string(),
  displayName: z.string(),
  kind: TemplateKindSchema,
  lifecycle: z.enum(AgentLifecycle),
  taskId: z.string().nullable(),
  externalId: z.string().nullable(),
  createdAt: DateTime,
});

export const ApiAgentList = z.object({
  agents: z.array(ApiAgent),
  /** Pass it as `cursor` for the next page; null on the last page. */
  nextCursor: z.string().nullable(),
});

export const ApiTask = z.object({
  task: z.object({
    id: z.string(),
    title: z.string(),
    description: z.string(),
    status: TaskStatusSchema,
    estimateMinutes: z.number().int().nullable(),
    checklist: z.array(z.object({ id: z.string(), text: z.string(), done: z.boolean() })),
    createdAt: DateTime,
    completedAt: DateTime.nullable(),
  }),
  agent: z.object({ id: z.string(), templateId: z.string(), displayName: z.string() }).nullable(),
});

export const ApiRun = z.object({
  id: z.string(),
  agentId: z.string(),
  templateId: z.string(),
  templateVersionId: z.string(),
  reason: WakeReasonSchema,
  status: FinishedRunStatusSchema,
  startedAt: DateTime,
  finishedAt: DateTime.nullable(),
  durationMs: z.number().int().nullable(),
  inputTokens: z.number().int(),
  outputTokens: z.number().int(),
  qualityScore: z.number().nullable(),
  iterations: z.number().int().nullable(),
  arm: z.enum(["candidate", "baseline"]).nullable().meta({ description: "The probation arm the run is counted in (the arm whose version it ran); null when no probation runs or it ran neither arm's version." }),
  warning: z.string().nullable().meta({ description: "Set when the run used another version than the one this agent must run (see GET /api/v1/agents/{id}/directives)." }),
});

export const ApiObservation = z.object({ id: z.string(), agentId: z.string(), text: z.string(), createdAt: DateTime });

export const ApiReport = z.object({ id: z.string(), agentId: z.string(), scope: z.string(), confidence: z.number().nullable(), createdAt: DateTime });

export const ApiChangeSet = z.object({
  id: z.string(),
  agentId: z.string(),
  taskId: z.string().nullable(),
  items: z.array(z.object({ id: z.string(), tool: z.string(), summary: z.string(), status: z.enum(ChangeItemStatus) })),
});

export const ApiDecision = z.object({ decided: z.number().int(), applied: z.number().int(), verdict: VerdictSchema });

export const ApiRating = z.object({ runId: z.string(), rating: RatingSchema });

export const apiErrorCodes = [
  "BAD_REQUEST",
  "UNAUTHORIZED",
  "FORBIDDEN",
  "NOT_FOUND",
  "CONFLICT",
  "GONE",
  "PAYLOAD_TOO_LARGE",
  "UNSUPPORTED_MEDIA_TYPE",
  "VALIDATION_FAILED",
  "IDEMPOTENCY_KEY_REUSED",
  "RATE_LIMITED",
  "INTERNAL",
] as const;
export type ApiErrorCode = (typeof apiErrorCodes)[number];

export const ApiErrorBody = z.object({
  error: z.object({
    code: z.enum(apiErrorCodes),
    message: z.string(),
    fieldErrors: z.record(z.string(), z.array(z.string())).optional().meta({ description: 'Messages per field, keyed by its dotted path ("items.0.tool").' }),
  }),
});

// ---- OpenTelemetry ingest -------------------------------------------------------------------

/** OTLP's ExportTraceServiceResponse as JSON: partialSuccess names the spans that were not stored and why. */
export const ApiOtlpExportResponse = z.object({
  partialSuccess: z.object({ rejectedSpans: z.number().int(), errorMessage: z.string() }).optional(),
});
