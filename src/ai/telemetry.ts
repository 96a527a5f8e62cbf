import type { LanguageModel, TelemetrySettings } from "ai";
import { env } from "@/env";
import type { ModelRole } from "./models";

// What every model call tells the tracer (the AI SDK's spans: ai.generateText, ai.streamText and
// their doGenerate/doStream children). The attributes say who called and for what:
// ai.telemetry.functionId = agent-coach.<role>, ai.telemetry.metadata.{role, workspaceId,
// templateId, templateVersion, agentId, runId}. Prompts and answers stay out of the spans unless
// OTEL_RECORD_MODEL_CONTENT=1: they are users' data. Without a registered tracer (no collector
// configured) the SDK's spans are the OpenTelemetry API's no-ops.

export type ModelCallTags = {
  workspaceId: string;
  templateId?: string | null;
  /** The template version's number (v3 → 3). */
  templateVersion?: number | null;
  agentId?: string | null;
  /** The wake run, evolution session or replay check the call belongs to. */
  runId?: string | null;
};

export function modelTelemetry(role: ModelRole, tags: ModelCallTags, recordContent = env.OTEL_RECORD_MODEL_CONTENT): TelemetrySettings {
  const metadata: Record<string, string | number> = { role, workspaceId: tags.workspaceId };
  if (tags.templateId) metadata.templateId = tags.templateId;
  if (tags.templateVersion != null) metadata.templateVersion = tags.templateVersion;
  if (tags.agentId) metadata.agentId = tags.agentId;
  if (tags.runId) metadata.runId = tags.runId;
  return { isEnabled: true, recordInputs: recordContent, recordOutputs: recordContent, functionId: `agent-coach.${role}`, metadata };
}

/** The model id usage is kept under ("gpt-4o-mini", "builtin-task"). */
export const modelName = (model: LanguageModel): string => (typeof model === "string" ? model : model.modelId);
