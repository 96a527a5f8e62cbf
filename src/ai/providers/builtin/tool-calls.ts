import type { JSONSchema7, LanguageModelV3Content, LanguageModelV3FunctionTool } from "@ai-sdk/provider";
import type { Plan } from "./plan";

// Turns a plan into tool calls, only for the tools the caller offered. Inputs are fitted to each
// tool's JSON schema: unknown keys are dropped (zod objects are strict), and a required text field
// the built-in model does not know (say `reason`) gets the call's one-line summary.

type Call = { toolName: string; input: Record<string, unknown>; summary: string };

function callsFor(plan: Plan): Call[] {
  const calls: Call[] = [];
  if (plan.checklistItems.length) {
    calls.push({ toolName: "propose_checklist_items", input: { items: plan.checklistItems }, summary: `Add ${plan.checklistItems.length} checklist items.` });
  }
  if (plan.estimate) {
    const { minutes, rationale } = plan.estimate;
    calls.push({ toolName: "propose_estimate", input: rationale ? { minutes, rationale } : { minutes }, summary: `Estimate ${minutes} minutes.` });
  }
  if (plan.status) calls.push({ toolName: "propose_status", input: { ...plan.status }, summary: plan.status.reason });
  for (const text of plan.observations) calls.push({ toolName: "record_observation", input: { text }, summary: text });
  calls.push({ toolName: "write_report", input: { ...plan.report }, summary: "Report on the task's state." });
  return calls;
}

function fitInput(input: Record<string, unknown>, schema: JSONSchema7, summary: string): Record<string, unknown> {
  const props = schema.properties;
  if (!props) return input;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(input)) if (key in props) out[key] = value;
  if (!("text" in out) && typeof input.text === "string") {
    // record_observation defined with another field name (note, observation…): use the first text field.
    const textKey = Object.entries(props).find(([, p]) => typeof p === "object" && p.type === "string")?.[0];
    if (textKey) out[textKey] = input.text;
  }
  for (const key of schema.required ?? []) {
    const prop = props[key];
    if (key in out || typeof prop !== "object") continue;
    if (prop.type === "string") out[key] = summary;
  }
  return out;
}

export function toolCallContent(plan: Plan, tools: Map<string, LanguageModelV3FunctionTool>, callPrefix: string): LanguageModelV3Content[] {
  return callsFor(plan)
    .filter((c) => tools.has(c.toolName))
    .map((c, i) => ({
      type: "tool-call" as const,
      toolCallId: `${callPrefix}-${i + 1}`,
      toolName: c.toolName,
      input: JSON.stringify(fitInput(c.input, tools.get(c.toolName)!.inputSchema, c.summary)),
    }));
}
