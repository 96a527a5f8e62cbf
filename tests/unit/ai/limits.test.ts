import { describe, expect, it } from "vitest";
import { DEFAULT_LIMITS, MODEL_IDLE_TIMEOUT_MS, modelIdleTimeoutMs, modelLimits, notStreamedAnswerMs } from "@/ai/limits";
import { parseEnv } from "@/env";

describe("model call limits", () => {
  it("are per role by default, and AI_TIMEOUT_SECONDS / AI_MAX_OUTPUT_TOKENS override every role", () => {
    expect(modelLimits("improver", {})).toEqual(DEFAULT_LIMITS.improver);
    expect(modelLimits("classifier", { AI_TIMEOUT_SECONDS: 300, AI_MAX_OUTPUT_TOKENS: 1024 })).toEqual({ timeoutMs: 300_000, maxOutputTokens: 1024 });
    const e = parseEnv({ AI_TIMEOUT_SECONDS: "90", AI_MAX_OUTPUT_TOKENS: "2048" });
    expect(modelLimits("task", e)).toEqual({ timeoutMs: 90_000, maxOutputTokens: 2048 });
  });

  it("refuse values that are not whole numbers in range, naming the variable", () => {
    expect(() => parseEnv({ AI_TIMEOUT_SECONDS: "soon" })).toThrow(/AI_TIMEOUT_SECONDS must be a whole number of seconds/);
    expect(() => parseEnv({ AI_MAX_OUTPUT_TOKENS: "10" })).toThrow(/AI_MAX_OUTPUT_TOKENS/);
  });

  it("give up a silent call after 30 s by default, AI_IDLE_TIMEOUT_SECONDS otherwise (decimals allowed)", () => {
    expect(MODEL_IDLE_TIMEOUT_MS).toBe(30_000);
    expect(modelIdleTimeoutMs({})).toBe(30_000);
    expect(modelIdleTimeoutMs(parseEnv({ AI_IDLE_TIMEOUT_SECONDS: "45" }))).toBe(45_000);
    expect(modelIdleTimeoutMs(parseEnv({ AI_IDLE_TIMEOUT_SECONDS: "0.5" }))).toBe(500);
    expect(() => parseEnv({ AI_IDLE_TIMEOUT_SECONDS: "never" })).toThrow(/AI_IDLE_TIMEOUT_SECONDS must be a number of seconds/);
    expect(() => parseEnv({ AI_IDLE_TIMEOUT_SECONDS: "0" })).toThrow(/AI_IDLE_TIMEOUT_SECONDS/);
  });

  it("let a call that is not streamed take as long as the longest role by default (its answer arrives whole), AI_IDLE_TIMEOUT_SECONDS when set", () => {
    expect(notStreamedAnswerMs({})).toBe(DEFAULT_LIMITS.improver.timeoutMs);
    expect(notStreamedAnswerMs({})).toBeGreaterThan(modelIdleTimeoutMs({}));
    expect(notStreamedAnswerMs(parseEnv({ AI_IDLE_TIMEOUT_SECONDS: "2" }))).toBe(2_000);
  });
});
