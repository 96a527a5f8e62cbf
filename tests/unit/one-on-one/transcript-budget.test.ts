import { describe, expect, it } from "vitest";
import type { ImproverUIMessage } from "@/features/one-on-one/server/chat";
import { budgetTranscript, cutMarker } from "@/features/one-on-one/server/transcript-budget";

const message = (i: number, words: number): ImproverUIMessage => ({ id: `m${i}`, role: i % 2 ? "assistant" : "user", parts: [{ type: "text", text: `m${i} ${"word ".repeat(words)}` }] });

describe("the transcript sent with a turn", () => {
  it("is sent whole while it fits the budget", () => {
    const history = [message(0, 10), message(1, 10)];
    expect(budgetTranscript(history, 1_000)).toEqual({ messages: history, cut: 0 });
  });

  it("keeps the newest messages that fit, says how many older ones were cut, and never cuts the newest", () => {
    const history = [message(0, 500), message(1, 3_000), message(2, 400), message(3, 400), message(4, 20)];
    const { messages, cut } = budgetTranscript(history, 1_000);
    expect(cut).toBe(2);
    expect(messages.map((m) => m.id)).toEqual(["transcript-cut", "m2", "m3", "m4"]);
    expect(messages[0]).toMatchObject({ role: "user", parts: [{ type: "text", text: cutMarker(2) }] });
    const huge = [message(0, 10), message(1, 5_000)];
    expect(budgetTranscript(huge, 100).messages.map((m) => m.id)).toEqual(["transcript-cut", "m1"]);
  });
});
