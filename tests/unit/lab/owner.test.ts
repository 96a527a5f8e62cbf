import { describe, expect, it } from "vitest";
import type { ReplaySummary } from "@/features/replay/score";
import { ownerDecides, type ReplayOutcome } from "@/lab/owner";
import { compileTeam } from "@/lab/personas/load";
import { PersonaFile } from "@/lab/personas/schema";
import { streams } from "@/lab/random";

// The simulated owner approves or rejects a ritual's proposal by the persona file's policy.

const owner = (patch: Record<string, unknown>) =>
  compileTeam(
    PersonaFile.parse({
      team: "T",
      reviewers: [{ name: "Maya" }],
      owner: { name: "Dana", say: { reject: ["No."], lost: ["Loses {lost} of {acceptances}."], notAvoided: ["Avoids {avoided} of {rejections}."], draft: ["Not sure enough ({confidence})."] }, ...patch },
    }),
    "test",
  ).owner;

const interval = (value: number) => ({ value, low: value, high: value });
const replay = (s: Partial<{ rejections: number; avoided: number; acceptances: number; lost: number }>): ReplayOutcome => {
  const { rejections = 4, avoided = 3, acceptances = 10, lost = 0 } = s;
  const summary: ReplaySummary = { runs: 12, rejections, avoided: interval(avoided), acceptances, keptRate: interval(acceptances ? (acceptances - lost) / acceptances : 1), lost, altered: 0, newProposals: 0, gate: { head: 0.9, candidate: 0.9, delta: interval(0) }, tokens: { head: 100, candidate: 100, change: interval(0) } };
  return { status: "done", summary };
};
const rng = () => streams(1)("owner");
const pending = { status: "pending", confidence: 0.85 };

describe("the simulated owner", () => {
  it("approves what the replay finds favourable, else says what is wrong", () => {
    const o = owner({ approve: "replay-favourable" });
    expect(ownerDecides(o, pending, replay({}), rng())).toEqual({ action: "approve", rating: 0.8 });
    expect(ownerDecides(o, pending, replay({ lost: 2 }), rng())).toEqual({ action: "reject", reason: "Loses 2 of 10." });
    expect(ownerDecides(o, pending, replay({ avoided: 0 }), rng())).toEqual({ action: "reject", reason: "Avoids 0 of 4." });
    expect(ownerDecides(o, pending, { status: "failed", summary: null, error: "boom" }, rng())).toEqual({ action: "reject", reason: "No." });
    // Nothing was rejected last week: nothing to avoid, and nothing lost.
    expect(ownerDecides(o, pending, replay({ rejections: 0, avoided: 0 }), rng())).toMatchObject({ action: "approve" });
  });

  it("weighs rejections avoided against acceptances lost with minNet", () => {
    const o = owner({ approve: "replay-favourable", favourable: { minKept: 0.5, minAvoided: 1, minNet: 1 } });
    expect(ownerDecides(o, pending, replay({ avoided: 4, lost: 3 }), rng())).toMatchObject({ action: "approve" });
    expect(ownerDecides(o, pending, replay({ avoided: 3, lost: 3 }), rng())).toEqual({ action: "reject", reason: "Loses 3 of 10." });
    // Nothing to avoid and nothing lost: no gain, and the owner says so.
    expect(ownerDecides(o, pending, replay({ rejections: 0, avoided: 0 }), rng())).toEqual({ action: "reject", reason: "Avoids 0 of 0." });
  });

  it("follows the other policies, and never approves a draft", () => {
    expect(ownerDecides(owner({ approve: "always" }), pending, replay({ avoided: 0, lost: 9 }), rng())).toMatchObject({ action: "approve" });
    expect(ownerDecides(owner({ approve: "never" }), pending, replay({}), rng())).toEqual({ action: "reject", reason: "No." });
    expect(ownerDecides(owner({ approve: "confidence>=0.9" }), pending, replay({}), rng())).toMatchObject({ action: "reject" });
    expect(ownerDecides(owner({ approve: "always" }), { status: "draft", confidence: 0.6 }, replay({}), rng())).toEqual({ action: "ignore" });
    expect(ownerDecides(owner({ approve: "always", drafts: "reject" }), { status: "draft", confidence: 0.6 }, replay({}), rng())).toEqual({ action: "reject", reason: "Not sure enough (0.60)." });
  });
});
