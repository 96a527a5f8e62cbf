import { describe, expect, it } from "vitest";
import { shouldResume } from "@/features/one-on-one/resume";

// A refresh of the stored conversation that lands while this tab is sending (the opening answer's
// onFinish refresh, late on a busy machine) ends with the question this tab just sent: resuming then
// streamed the same answer a second time, two answers to one suggested question.

const opening = [{ role: "user" }, { role: "assistant" }];
const asked = [...opening, { role: "user" }];

describe("following an answer still being written", () => {
  it("resumes on a page loaded after a question was stored and before its answer", () => {
    expect(shouldResume({ open: true, status: "ready", stored: asked, shown: asked })).toBe(true);
  });

  it("does not resume the question this tab is sending (its answer is already streaming here)", () => {
    expect(shouldResume({ open: true, status: "submitted", stored: asked, shown: asked })).toBe(false);
    expect(shouldResume({ open: true, status: "streaming", stored: asked, shown: [...asked, { role: "assistant" }] })).toBe(false);
  });

  it("does not resume once this tab has its answer, even if a refresh from before it was stored arrives", () => {
    expect(shouldResume({ open: true, status: "ready", stored: asked, shown: [...asked, { role: "assistant" }] })).toBe(false);
  });

  it("does not resume a closed session or a conversation that ends with an answer", () => {
    expect(shouldResume({ open: false, status: "ready", stored: asked, shown: asked })).toBe(false);
    expect(shouldResume({ open: true, status: "ready", stored: opening, shown: opening })).toBe(false);
  });
});
