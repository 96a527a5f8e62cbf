import type { z } from "zod";
import {
  AgentIdParams,
  ApiAgent,
  ApiAgentDirectives,
  ApiAgentList,
  ApiListAgentsQuery,
  ApiChangeSet,
  ApiChangeSetInput,
  ApiCreateAgentInput,
  ApiCreateTaskInput,
  ApiDecideInput,
  ApiDecision,
  ApiObservation,
  ApiObservationInput,
  ApiOtlpExportResponse,
  ApiRateRunInput,
  ApiRating,
  ApiRecordRunInput,
  ApiReport,
  ApiReportInput,
  ApiRun,
  ApiTask,
  ApiTemplateDirectivesQuery,
  ApiTemplateList,
  TemplateIdParams,
  type ApiScope,
} from "./schemas";

// Every /api/v1 operation, declared once. Each route passes its entry to `apiRoute` (scope, input,
// params, success status, idempotency) and openapi.ts documents the same entries, so what is
// enforced and what is documented are one object.

export type ApiEndpoint = {
  method: "GET" | "POST";
  /** OpenAPI path template; the route file lives at the same path under src/app. */
  path: `/api/v1/${string}`;
  summary: string;
  tag: string;
  scope: ApiScope;
  input?: z.ZodType;
  /** A body the handler reads itself (not JSON-validated by the wrapper): its media types, for the document. */
  rawBody?: { contentTypes: string[]; description: string };
  params?: z.ZodObject;
  /** Query parameters of a GET (documented one by one; a bad value is a 400). */
  query?: z.ZodObject;
  response: z.ZodType;
  status: 200 | 201;
  idempotent?: boolean;
  /** Answers with an ETag and honours If-None-Match (304): cheap to poll. */
  cacheable?: boolean;
};

export const apiEndpoints = {
  listTemplates: {
    method: "GET",
    path: "/api/v1/templates",
    summary: "List the workspace's templates with their head version number",
    tag: "Templates",
    scope: "read",
    response: ApiTemplateList,
    status: 200,
  },
  getTemplateDirectives: {
    method: "GET",
    path: "/api/v1/templates/{id}/directives",
    summary: "The directives of a template's active (head) version; with ?agent=, the version that agent must run (its probation arm's)",
    tag: "Templates",
    scope: "read",
    params: TemplateIdParams,
    query: ApiTemplateDirectivesQuery,
    response: ApiAgentDirectives.partial({ agentId: true, probation: true }),
    status: 200,
    cacheable: true,
  },
  getAgentDirectives: {
    method: "GET",
    path: "/api/v1/agents/{id}/directives",
    summary: "The directives this agent must run now: the head, or its probation arm's version while a probation runs. Poll with If-None-Match: 304 while nothing changed",
    tag: "Agents",
    scope: "read",
    params: AgentIdParams,
    response: ApiAgentDirectives,
    status: 200,
    cacheable: true,
  },
  listAgents: {
    method: "GET",
    path: "/api/v1/agents",
    summary: "List the workspace's agents, newest first, a page at a time (keyset: pass nextCursor as cursor)",
    tag: "Agents",
    scope: "read",
    query: ApiListAgentsQuery,
    response: ApiAgentList,
    status: 200,
  },
  createAgent: {
    method: "POST",
    path: "/api/v1/agents",
    summary: "Create an agent on a template; with externalId, register it idempotently (the agent already registered under that id on this template is returned)",
    tag: "Agents",
    scope: "write",
    input: ApiCreateAgentInput,
    response: ApiAgent,
    status: 201,
    idempotent: true,
  },
  createTask: {
    method: "POST",
    path: "/api/v1/tasks",
    summary: "Create a task (and its agent when templateId is given)",
    tag: "Tasks",
    scope: "write",
    input: ApiCreateTaskInput,
    response: ApiTask,
    status: 201,
    idempotent: true,
  },
  recordRun: {
    method: "POST",
    path: "/api/v1/runs",
    summary: "Record a finished wake run of an agent",
    tag: "Runs",
    scope: "write",
    input: ApiRecordRunInput,
    response: ApiRun,
    status: 201,
    idempotent: true,
  },
  recordObservation: {
    method: "POST",
    path: "/api/v1/observations",
    summary: "Record an agent's observation",
    tag: "Messages",
    scope: "write",
    input: ApiObservationInput,
    response: ApiObservation,
    status: 201,
    idempotent: true,
  },
  writeReport: {
    method: "POST",
    path: "/api/v1/reports",
    summary: "Write an agent's report (markdown)",
    tag: "Messages",
    scope: "write",
    input: ApiReportInput,
    response: ApiReport,
    status: 201,
    idempotent: true,
  },
  createChangeSet: {
    method: "POST",
    path: "/api/v1/change-sets",
    summary: "Propose changes (tool calls) for people to decide",
    tag: "Decisions",
    scope: "write",
    input: ApiChangeSetInput,
    response: ApiChangeSet,
    status: 201,
    idempotent: true,
  },
  decideChangeItems: {
    method: "POST",
    path: "/api/v1/decisions",
    summary: "Confirm, reject or defer proposed change items",
    tag: "Decisions",
    scope: "write",
    input: ApiDecideInput,
    response: ApiDecision,
    status: 201,
    idempotent: true,
  },
  rateRun: {
    method: "POST",
    path: "/api/v1/ratings",
    summary: "Rate a finished run from 0 to 1 (re-rating replaces it)",
    tag: "Runs",
    scope: "write",
    input: ApiRateRunInput,
    response: ApiRating,
    status: 201,
    idempotent: true,
  },
  ingestTraces: {
    method: "POST",
    path: "/api/v1/otlp/v1/traces",
    summary: "OpenTelemetry ingest (OTLP/HTTP): your agents' spans become runs",
    tag: "OpenTelemetry",
    scope: "write",
    rawBody: {
      contentTypes: ["application/x-protobuf", "application/json"],
      description:
        "An OTLP ExportTraceServiceRequest (opentelemetry-proto v1), protobuf or JSON, optionally gzip (Content-Encoding: gzip); at most 4 MB as sent and 16 MB unpacked, 10,000 spans. A span naming its agent (agent_coach.agent_id or agent_coach.agent_external_id, on the span or its resource) is a run; its GenAI / AI SDK usage attributes are its tokens. Other spans are ignored. The same span sent again is not stored twice.",
    },
    response: ApiOtlpExportResponse,
    status: 200,
  },
} as const satisfies Record<string, ApiEndpoint>;

export type ApiOperationId = keyof typeof apiEndpoints;

/** Served without a key by `publicApiRoute`; documented alongside the others. */
export const OPENAPI_PATH = "/api/v1/openapi.json";
