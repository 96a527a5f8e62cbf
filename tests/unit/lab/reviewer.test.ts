import { describe, expect, it } from "vitest";
import { runFacts } from "@/lab/facts";
import { compileTeam } from "@/lab/personas/load";
import { PersonaFile } from "@/lab/personas/schema";
import { streams } from "@/lab/random";
import { NOISE_LABEL, pickReviewer, reviewRun } from "@/lab/reviewer";
import { DEFAULT_VOCABULARY } from "@/lab/vocabulary";

// A simulated reviewer decides by the first rule that holds, in their own words, rates the run and
// comments; noise and choices come from the seed.

const team = (noise = 0) =>
  compileTeam(
    PersonaFile.parse({
      team: "T",
      noise: { verdict: noise, rating: 0 },
      reviewers: [
        {
          name: "Maya",
          rules: [
            { label: "long", when: "checklist.items > 2", verdict: "reject", say: ["{checklist.items} steps is too many."] },
            { on: "status", verdict: "reject", say: ["Leave the status alone."] },
          ],
          rating: { start: 0.9, perRejection: 0.2, rules: [{ when: "report.sentences > 2", rate: 0.3 }] },
          comments: [{ when: "report.sentences > 2", say: ["Keep reports to 2 sentences."] }],
        },
        { name: "Leo", takes: "task.area == 'engineering'", rules: [] },
      ],
      owner: { name: "Dana", say: { reject: ["No."] } },
    }),
    "test",
  );

const items = [
  { id: "c", tool: "propose_checklist_items", args: { items: ["Reproduce it", "Fix it", "Ship it"] }, summary: "Add 3 checklist items" },
  { id: "e", tool: "propose_estimate", args: { minutes: 60 }, summary: "Estimate 1 h: three steps" },
  { id: "s", tool: "propose_status", args: { status: "in_progress" }, summary: "Mark the task in progress" },
];
const facts = (area = "billing") =>
  runFacts({ title: "Export fails", description: "It times out.", area, kind: "bug", checklist: [] }, { quality: 0.9, iterations: 2, report: "One. Two. Three.", proposals: items }, DEFAULT_VOCABULARY);

describe("a simulated reviewer", () => {
  it("rejects by the first rule that holds, with the reason filled in, confirms the rest, rates and comments", () => {
    const t = team();
    const review = reviewRun(t.reviewers[0]!, t, facts(), items, (part) => streams(1)(part));
    expect(review.decisions).toEqual([
      { itemId: "c", kind: "checklist", verdict: "rejected", reason: "3 steps is too many.", label: "long" },
      { itemId: "e", kind: "estimate", verdict: "confirmed", reason: null, label: "no rule (default)" },
      { itemId: "s", kind: "status", verdict: "rejected", reason: "Leave the status alone.", label: "status" },
    ]);
    expect(review.rating).toBe(0.3); // min(0.9 − 2 × 0.2, 0.3)
    expect(review.comment).toBe("Keep reports to 2 sentences.");
  });

  it("gives the same verdicts for the same seed, and random ones at the noise rate", () => {
    const t = team(1);
    const run = (seed: number) => reviewRun(t.reviewers[0]!, t, facts(), items, (part) => streams(seed)(part)).decisions;
    expect(run(7)).toEqual(run(7));
    expect(run(7).every((d) => d.label === NOISE_LABEL)).toBe(true);
    const verdicts = Array.from({ length: 200 }, (_, seed) => run(seed)[0]!.verdict);
    const rejected = verdicts.filter((v) => v === "rejected").length;
    expect(rejected).toBeGreaterThan(70);
    expect(rejected).toBeLessThan(130);
  });

  it("goes to a reviewer who takes such tickets", () => {
    const t = team();
    const picks = Array.from({ length: 50 }, (_, i) => pickReviewer(t, facts("engineering"), streams(3)("pick", i)).name);
    expect(new Set(picks)).toEqual(new Set(["Leo", "Maya"]));
    expect(new Set(Array.from({ length: 50 }, (_, i) => pickReviewer(t, facts("billing"), streams(3)("pick", i)).name))).toEqual(new Set(["Maya"]));
  });
});
