import { describe, expect, it } from "vitest";
import { DECISION_HINT } from "@/ai/prompts/improver-constants";
import { isUndecided, withoutDecisionHint } from "@/features/one-on-one/decision-hint";

// "Approve it with a rating…" under a proposal that is already decided is stale: the chat drops it.

describe("withoutDecisionHint", () => {
  it("drops the hint and keeps the rest of the answer", () => {
    expect(withoutDecisionHint(`I proposed v2 (confidence 0.85): it adds "Ask for due dates". ${DECISION_HINT}`)).toBe('I proposed v2 (confidence 0.85): it adds "Ask for due dates".');
    expect(withoutDecisionHint(DECISION_HINT)).toBe("");
  });

  it("leaves any other text alone", () => {
    expect(withoutDecisionHint("Approve it, or keep talking.")).toBe("Approve it, or keep talking.");
  });

  it("knows which proposals still wait", () => {
    expect(["draft", "pending", "approved", "rejected", "superseded"].filter(isUndecided)).toEqual(["draft", "pending"]);
  });
});
