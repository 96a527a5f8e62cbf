import { describe, expect, it } from "vitest";
import { DecideInput } from "@/features/decisions/schemas";
import { RejectProposalInput, SettlePreferenceConflictInput } from "@/features/one-on-one/schemas";
import { CreateTaskInput, UpdateTaskInput } from "@/features/tasks/schemas";
import { CreateTemplateInput, CreateVersionInput } from "@/features/templates/schemas";
import { CreateWorkspaceInput } from "@/features/workspaces/schemas";
import { CreateApiKeyInput } from "@/features/api-keys/schemas";
import { atMostHint, TEXT_LIMITS } from "@/lib/text-limits";

// Every text a person types: too long is refused with the limit in the message — the same number
// the form shows beside the field — never with "required" or a generic message.

const over = (n: number) => "x".repeat(n + 1);
const messageOf = (r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }, field: string) =>
  r.error?.issues.find((i) => i.path.join(".") === field)?.message;

describe("text length limits", () => {
  it("a 10,000-character task title says at most 200 characters, and how long it was", () => {
    const r = CreateTaskInput.safeParse({ title: "x".repeat(10_000) });
    expect(messageOf(r, "title")).toBe("Use at most 200 characters (this is 10,000).");
    expect(atMostHint(TEXT_LIMITS.taskTitle)).toBe("At most 200 characters.");
  });

  it.each([
    ["task description", CreateTaskInput, { title: "Fine title", description: over(TEXT_LIMITS.taskDescription) }, "description", TEXT_LIMITS.taskDescription],
    ["task description (edit)", UpdateTaskInput, { taskId: "t", description: over(TEXT_LIMITS.taskDescription) }, "description", TEXT_LIMITS.taskDescription],
    ["template name", CreateTemplateInput, { name: over(TEXT_LIMITS.templateName), directives: "Do the work well." }, "name", TEXT_LIMITS.templateName],
    ["template description", CreateTemplateInput, { name: "Fine", description: over(TEXT_LIMITS.templateDescription), directives: "Do the work well." }, "description", TEXT_LIMITS.templateDescription],
    ["directives", CreateVersionInput, { templateId: "t", directives: over(TEXT_LIMITS.directives) }, "directives", TEXT_LIMITS.directives],
    ["version rationale", CreateVersionInput, { templateId: "t", directives: "Do the work well.", rationale: over(TEXT_LIMITS.versionRationale) }, "rationale", TEXT_LIMITS.versionRationale],
    ["rejection reason (inbox)", DecideInput, { itemIds: ["i"], verdict: "rejected", reason: over(TEXT_LIMITS.decisionReason) }, "reason", TEXT_LIMITS.decisionReason],
    ["rejection reason (proposal)", RejectProposalInput, { proposalId: "p", reason: over(TEXT_LIMITS.proposalReason) }, "reason", TEXT_LIMITS.proposalReason],
    ["workspace name", CreateWorkspaceInput, { name: over(TEXT_LIMITS.workspaceName) }, "name", TEXT_LIMITS.workspaceName],
    ["API key name", CreateApiKeyInput, { name: over(TEXT_LIMITS.apiKeyName), scopes: ["read"] }, "name", TEXT_LIMITS.apiKeyName],
  ] as const)("%s: the message names the limit", (_, schema, input, field, limit) => {
    const r = (schema as { safeParse: (v: unknown) => Parameters<typeof messageOf>[0] }).safeParse(input);
    expect(messageOf(r, field)).toBe(`Use at most ${limit.toLocaleString("en")} characters (this is ${(limit + 1).toLocaleString("en")}).`);
  });

  it("the preference-conflict note too", () => {
    const r = SettlePreferenceConflictInput.safeParse({ conflictId: "c", ruling: "dismiss", text: over(TEXT_LIMITS.conflictNote) });
    expect(messageOf(r, "text")).toMatch(/^Use at most 1,000 characters/);
  });
});
