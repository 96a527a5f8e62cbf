import { describe, expect, it } from "vitest";
import { inputProblem, isSingleLine, MAX_INPUT_DEPTH, textProblem } from "@/lib/input-rules";
import { CreateWorkspaceInput } from "@/features/workspaces/schemas";

// The one input rule every action, route and API request passes before its schema.

describe("the input rule", () => {
  it("refuses NUL and unpaired surrogates, keeps every real character", () => {
    expect(textProblem("a\u0000b")).toMatch(/NUL/);
    expect(textProblem("lone \ud800 high")).toMatch(/unpaired surrogate/);
    expect(textProblem("lone \udc00 low")).toMatch(/unpaired surrogate/);
    expect(textProblem("emoji 🙂, 中文, tabs\tand\nlines, ümlaut")).toBeNull();
  });

  it("names where the problem is, in values and keys, at any depth", () => {
    expect(inputProblem({ a: [{ b: "ok" }, { c: "x\u0000" }] })).toEqual({ path: "a.1.c", message: expect.stringMatching(/NUL/) });
    expect(inputProblem({ payload: { ["k\u0000"]: 1 } })).toEqual({ path: "payload.k\u0000", message: expect.stringMatching(/NUL/) });
    expect(inputProblem({ fine: [1, true, null, "text"] })).toBeNull();
  });

  it(`refuses nesting deeper than ${MAX_INPUT_DEPTH} levels without overflowing the stack, even 100,000 deep`, () => {
    let shallow: unknown = "leaf";
    for (let i = 0; i < MAX_INPUT_DEPTH - 1; i++) shallow = { d: shallow };
    expect(inputProblem(shallow)).toBeNull();
    const deep = JSON.parse(`${'{"d":'.repeat(100_000)}1${"}".repeat(100_000)}`);
    expect(inputProblem(deep)?.message).toMatch(/nested too deeply/);
  });
});

describe("names are one line", () => {
  it("refuses line breaks, tabs and other control characters (they would land in email text as they are)", () => {
    expect(isSingleLine("Support team")).toBe(true);
    for (const bad of ["Team\nOpen: https://evil.example/x\nCrew", "Team\rX", "Tab\there", "Bell\u0007", "Line\u2028sep"]) expect(isSingleLine(bad)).toBe(false);
    const parsed = CreateWorkspaceInput.safeParse({ name: "Team\nOpen: https://evil.example/x\nCrew" });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toBe("Use one line: no line breaks, tabs or control characters.");
    expect(CreateWorkspaceInput.parse({ name: "  Support team \n" }).name).toBe("Support team");
  });
});
