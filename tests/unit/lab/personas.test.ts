import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { PersonaError } from "@/lab/personas/expression";
import { loadTeam } from "@/lab/personas/load";

// The persona file: the two example teams load, and a bad file says what is wrong and where.

const dir = mkdtempSync(path.join(tmpdir(), "lab-personas-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let n = 0;
function file(content: unknown) {
  const p = path.join(dir, `team-${++n}.json`);
  writeFileSync(p, typeof content === "string" ? content : JSON.stringify(content));
  return p;
}

const reviewer = { name: "Maya", rules: [{ when: "checklist.items > 6", verdict: "reject", say: ["Way too many steps."] }] };
const owner = { name: "Dana", say: { reject: ["Not yet."] } };
const team = (patch: Record<string, unknown> = {}) => ({ team: "T", reviewers: [reviewer], owner, ...patch });
const problem = (content: unknown) => {
  try {
    loadTeam(file(content));
  } catch (e) {
    expect(e).toBeInstanceOf(PersonaError);
    return (e as Error).message;
  }
  throw new Error("the file loaded");
};

describe("persona files", () => {
  it.each(["lab/personas/support-team.json", "lab/personas/other-team.json"])("%s loads", (p) => {
    const loaded = loadTeam(p);
    expect(loaded.reviewers.length).toBe(3);
    expect(loaded.reviewers.every((r) => r.rules.length > 0)).toBe(true);
  });

  it("fills defaults and infers which proposal a rule decides", () => {
    const loaded = loadTeam(file(team()));
    expect(loaded.noise.verdict).toBe(0.1);
    expect(loaded.owner.policy).toEqual({ kind: "replay-favourable" });
    expect(loaded.reviewers[0]!.rules[0]).toMatchObject({ target: "checklist", verdict: "reject", label: "checklist: checklist.items > 6" });
  });

  it.each([
    ["not JSON", "{ team: ", /not valid JSON/],
    ["a misspelt key", team({ reviewers: [{ ...reviewer, rules: [{ when: "checklist.items > 6", verdcit: "reject", say: ["x y z"] }] }] }), /reviewers\[0\]\.rules\[0\]: Unrecognized key: "verdcit"/],
    ["a condition that does not parse", team({ reviewers: [{ ...reviewer, rules: [{ when: "checklist.items >", verdict: "reject", say: ["Too many."] }] }] }), /rules\[0\]\.when: "checklist\.items >" is not a valid condition/],
    ["an unknown fact", team({ reviewers: [{ ...reviewer, rules: [{ when: "checklist.itemz > 6", verdict: "reject", say: ["Too many."] }] }] }), /cannot be evaluated: No such key: itemz/],
    ["a condition that is no yes/no", team({ reviewers: [{ ...reviewer, rules: [{ when: "checklist.items", verdict: "reject", say: ["Too many."] }] }] }), /must be true or false, not a number/],
    ["a rule that decides nothing", team({ reviewers: [{ ...reviewer, rules: [{ when: "report.sentences > 5", verdict: "reject", say: ["Too long."] }] }] }), /say which proposal the rule decides/],
    ["a rule naming two proposals", team({ reviewers: [{ ...reviewer, rules: [{ when: "checklist.items > 5 && estimate.minutes > 60", verdict: "reject", say: ["Too much."] }] }] }), /names checklist and estimate; say which proposal it decides with "on"/],
    ["a rejection without words", team({ reviewers: [{ ...reviewer, rules: [{ when: "checklist.items > 6", verdict: "reject" }] }] }), /a rejection needs "say"/],
    ["an unknown placeholder", team({ reviewers: [{ ...reviewer, rules: [{ when: "checklist.items > 6", verdict: "reject", say: ["{checklist.count} steps!"] }] }] }), /unknown placeholder \{checklist\.count\}/],
    ["an owner policy that does not exist", team({ owner: { ...owner, approve: "sometimes" } }), /owner\.approve: "sometimes" is not a policy/],
    ["two reviewers with one name", team({ reviewers: [reviewer, reviewer] }), /two reviewers are called "Maya"/],
    ["no reviewer", team({ reviewers: [] }), /reviewers: a team needs at least one reviewer/],
  ])("refuses %s", (_, content, message) => {
    expect(problem(content)).toMatch(message);
  });

  it("reads the owner's policies", () => {
    expect(loadTeam(file(team({ owner: { ...owner, approve: "confidence >= 0.9" } }))).owner.policy).toEqual({ kind: "confidence", min: 0.9 });
    expect(loadTeam(file(team({ owner: { ...owner, approve: "always" } }))).owner.policy).toEqual({ kind: "always" });
  });
});
