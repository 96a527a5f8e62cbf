import { describe, expect, it } from "vitest";
import { buildDemoData } from "../../../prisma/seed/demo-agents";

// The demo's refine iterations are read by the run page as the app writes them (GateScore:
// the evaluator's value, the gate's credit, threshold, weight, feedback).
describe("demo seed: refine iterations", () => {
  const users = { owner: "u-owner", admin: "u-admin", member: "u-member", viewer: "u-viewer", byEmail: new Map<string, string>() };
  let n = 0;
  const data = buildDemoData({ workspaceId: "w-demo", users, now: Date.UTC(2026, 10, 23), newId: () => `id-${++n}` });

  it("stores each gate's value and its credit the way the self-refine loop does", () => {
    const gates = data.iterations.flatMap((it) => it.gateScores as { value: number; score: number; threshold: number }[]);
    expect(gates.length).toBeGreaterThan(0);
    for (const g of gates) {
      expect(g.value).toBeTypeOf("number");
      expect(g.score).toBeCloseTo(g.value >= g.threshold ? 1 : g.value / g.threshold, 2);
    }
  });
});
