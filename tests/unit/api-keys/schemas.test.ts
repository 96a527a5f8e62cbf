import { describe, expect, it } from "vitest";
import { zodFieldErrors } from "@/server/errors";
import {
  ApiChangeSetInput,
  ApiCreateTaskInput,
  ApiDecideInput,
  ApiObservationInput,
  ApiRecordRunInput,
  CreateApiKeyInput,
  IdempotencyKeySchema,
} from "@/features/api-keys/schemas";

const fieldErrors = (result: { success: boolean; error?: unknown }) =>
  result.success ? {} : zodFieldErrors(result.error as Parameters<typeof zodFieldErrors>[0]);

describe("CreateApiKeyInput", () => {
  it("stores scopes in a fixed order without duplicates", () => {
    expect(CreateApiKeyInput.parse({ name: " CI ", scopes: ["write", "read", "write"] })).toEqual({ name: "CI", scopes: ["read", "write"] });
  });
  it("needs at least one known scope", () => {
    expect(fieldErrors(CreateApiKeyInput.safeParse({ name: "CI", scopes: [] })).scopes).toEqual(["Choose at least one scope."]);
    expect(CreateApiKeyInput.safeParse({ name: "CI", scopes: ["admin"] }).success).toBe(false);
  });
});

describe("ApiDecideInput", () => {
  it("turns a single changeItemId into itemIds", () => {
    expect(ApiDecideInput.parse({ changeItemId: "ci_1", verdict: "confirmed" })).toEqual({ itemIds: ["ci_1"], verdict: "confirmed" });
    expect(ApiDecideInput.parse({ itemIds: ["a", "b"], verdict: "deferred" })).toEqual({ itemIds: ["a", "b"], verdict: "deferred" });
  });
  it("wants exactly one of itemIds and changeItemId", () => {
    expect(Object.keys(fieldErrors(ApiDecideInput.safeParse({ verdict: "confirmed" })))).toEqual(["itemIds"]);
    expect(Object.keys(fieldErrors(ApiDecideInput.safeParse({ itemIds: ["a"], changeItemId: "b", verdict: "confirmed" })))).toEqual(["itemIds"]);
  });
  it("keeps the slice's rules: a rejection needs a reason, at most 200 items", () => {
    expect(Object.keys(fieldErrors(ApiDecideInput.safeParse({ changeItemId: "a", verdict: "rejected", reason: "no" })))).toEqual(["reason"]);
    expect(ApiDecideInput.safeParse({ changeItemId: "a", verdict: "rejected", reason: "Wrong customer." }).success).toBe(true);
    expect(ApiDecideInput.safeParse({ itemIds: Array.from({ length: 201 }, (_, i) => `i${i}`), verdict: "confirmed" }).success).toBe(false);
  });
});

describe("ApiRecordRunInput", () => {
  const run = { agentId: "a", reason: "manual", status: "succeeded" };
  it("parses ISO timestamps with offsets into dates", () => {
    const parsed = ApiRecordRunInput.parse({ ...run, startedAt: "2026-03-01T12:00:00+02:00", finishedAt: "2026-03-01T10:00:05Z" });
    expect(parsed.startedAt?.toISOString()).toBe("2026-03-01T10:00:00.000Z");
    expect(parsed.finishedAt?.toISOString()).toBe("2026-03-01T10:00:05.000Z");
  });
  it("refuses a run that ends before it starts, or spans more than an integer of milliseconds", () => {
    expect(fieldErrors(ApiRecordRunInput.safeParse({ ...run, startedAt: "2026-03-01T10:00:00Z", finishedAt: "2026-03-01T09:59:59Z" }))).toHaveProperty("finishedAt");
    expect(fieldErrors(ApiRecordRunInput.safeParse({ ...run, startedAt: "2026-01-01T00:00:00Z", finishedAt: "2026-03-01T00:00:00Z" }))).toHaveProperty("startedAt");
    expect(ApiRecordRunInput.safeParse({ ...run, startedAt: "2026-01-01T00:00:00Z", finishedAt: "2026-03-01T00:00:00Z", durationMs: 1000 }).success).toBe(true);
  });
  it("refuses counts a Postgres integer cannot hold and the running status", () => {
    expect(fieldErrors(ApiRecordRunInput.safeParse({ ...run, inputTokens: 2 ** 31 }))).toHaveProperty("inputTokens");
    expect(fieldErrors(ApiRecordRunInput.safeParse({ ...run, status: "running" }))).toHaveProperty("status");
  });
});

describe("other request schemas", () => {
  it("limit change sets to 1..50 items and default args to {}", () => {
    const item = { tool: "noop", summary: "x" };
    expect(ApiChangeSetInput.parse({ agentId: "a", items: [item] }).items[0].args).toEqual({});
    expect(ApiChangeSetInput.safeParse({ agentId: "a", items: Array(51).fill(item) }).success).toBe(false);
  });
  it("want a JSON object as observation payload", () => {
    expect(ApiObservationInput.safeParse({ agentId: "a", text: "t", payload: [1] }).success).toBe(false);
    expect(ApiObservationInput.parse({ agentId: "a", text: " t ", payload: { nested: { ok: true } } })).toEqual({ agentId: "a", text: "t", payload: { nested: { ok: true } } });
  });
  it("reuse the task slice's title and checklist rules", () => {
    expect(fieldErrors(ApiCreateTaskInput.safeParse({ title: "ab" })).title).toEqual(["Use at least 3 characters."]);
    expect(ApiCreateTaskInput.parse({ title: "Task", checklist: [{ id: "1", text: "Do it" }] }).checklist).toEqual([{ id: "1", text: "Do it", done: false }]);
  });
  it("bound the Idempotency-Key to 1..200 characters", () => {
    expect(IdempotencyKeySchema.safeParse("").success).toBe(false);
    expect(IdempotencyKeySchema.safeParse("k".repeat(200)).success).toBe(true);
    expect(IdempotencyKeySchema.safeParse("k".repeat(201)).success).toBe(false);
  });
});
