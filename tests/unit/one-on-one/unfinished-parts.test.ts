import { describe, expect, it } from "vitest";
import type { ImproverUIMessage } from "@/features/one-on-one/server/chat";
import { INTERRUPTED, settleUnfinishedParts } from "@/features/one-on-one/unfinished-parts";

type Parts = ImproverUIMessage["parts"];

// What a broken or cut-off answer keeps must be whole: a tool call only if it fully arrived and
// ran (a half-streamed note showed as an empty "Noted (note):" line, a half proposal as a card),
// no empty text; the message itself is marked cut off (metadata.cutOff).

describe("a saved answer keeps no step in progress", () => {
  it("drops a tool call still streaming or never run and empty text; finished steps stay", () => {
    const parts = [
      { type: "text", text: "Here is my proposal", state: "streaming" },
      { type: "tool-record_evolution_note", toolCallId: "t1", state: "output-available", input: { kind: "hypothesis", content: "x" }, output: { ok: true } },
      { type: "tool-propose_directives", toolCallId: "t2", state: "input-streaming", input: { directives: "Be br" } },
      { type: "tool-record_evolution_note", toolCallId: "t3", state: "input-streaming", input: {} },
      { type: "tool-fetch_instance_detail", toolCallId: "t4", state: "input-available", input: { agentId: "a" } },
      { type: "text", text: "", state: "streaming" },
      { type: "tool-propose_directives", toolCallId: "t6", state: "output-error", rawInput: '{"directives":"Be', errorText: "The improver could not answer." },
      { type: "tool-record_evolution_note", toolCallId: "t5", state: "output-error", input: { kind: "note", content: "y" }, errorText: "The note could not be saved." },
    ] as unknown as Parts;
    const settled = settleUnfinishedParts(parts) as unknown as Record<string, unknown>[];
    expect(settled).toHaveLength(3);
    expect(settled[0]).toMatchObject({ type: "text", text: "Here is my proposal", state: "done" });
    expect(settled[1]).toBe(parts[1]);
    // A call that ran and failed is a whole step: it stays.
    expect(settled[2]).toBe(parts[7]);
  });

  it("drops the interrupted steps of answers saved before (read back)", () => {
    const parts = [
      { type: "text", text: "Noted.", state: "done" },
      { type: "tool-record_evolution_note", toolCallId: "t1", state: "output-error", input: {}, errorText: INTERRUPTED },
    ] as unknown as Parts;
    expect(settleUnfinishedParts(parts)).toEqual([parts[0]]);
  });
});
