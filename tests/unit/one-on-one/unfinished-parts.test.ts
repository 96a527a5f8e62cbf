import { describe, expect, it } from "vitest";
import type { ImproverUIMessage } from "@/features/one-on-one/server/chat";
import { INTERRUPTED, settleUnfinishedParts } from "@/features/one-on-one/unfinished-parts";

type Parts = ImproverUIMessage["parts"];

describe("a saved answer keeps no step in progress", () => {
  it("turns a tool call still streaming or never run into an error the page shows; finished steps stay", () => {
    const parts = [
      { type: "text", text: "Here is my proposal", state: "streaming" },
      { type: "tool-record_evolution_note", toolCallId: "t1", state: "output-available", input: { kind: "hypothesis", content: "x" }, output: { ok: true } },
      { type: "tool-propose_directives", toolCallId: "t2", state: "input-streaming", input: { directives: "Be br" } },
      { type: "tool-fetch_instance_detail", toolCallId: "t3", state: "input-available", input: { agentId: "a" } },
    ] as unknown as Parts;
    const settled = settleUnfinishedParts(parts) as unknown as Record<string, unknown>[];
    expect(settled[0]).toMatchObject({ type: "text", state: "done" });
    expect(settled[1]).toBe(parts[1]);
    expect(settled[2]).toMatchObject({ type: "tool-propose_directives", state: "output-error", errorText: INTERRUPTED, input: { directives: "Be br" } });
    expect(settled[3]).toMatchObject({ state: "output-error", errorText: INTERRUPTED });
  });
});
