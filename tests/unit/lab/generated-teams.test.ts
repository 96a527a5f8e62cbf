import { describe, expect, it } from "vitest";
import { generateTeam, PREFERENCES } from "@/lab/generate/team-generator";
import { pooled, teamOutcome } from "@/lab/generate/pooled";
import { compileTeam } from "@/lab/personas/load";
import { PersonaFile } from "@/lab/personas/schema";
import type { WeekResult } from "@/lab/result";

// The generalisation harness: teams drawn by a seeded generator, each a valid persona file whose
// reasons are truthful (a number in a reason is the team's own threshold), and the pooled figures.

const WORDS: Record<number, string> = { 2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven", 8: "eight", 9: "nine" };

describe("generated teams", () => {
  it("are the same for the same seed and index, and differ between indexes", () => {
    expect(JSON.stringify(generateTeam(3, 4))).toBe(JSON.stringify(generateTeam(3, 4)));
    expect(JSON.stringify(generateTeam(3, 4))).not.toBe(JSON.stringify(generateTeam(3, 5)));
  });

  it("every team of 60 passes the persona loader, and across them every preference and owner policy appears", () => {
    const teams = Array.from({ length: 60 }, (_, i) => generateTeam(1, i));
    for (const t of teams) expect(() => compileTeam(PersonaFile.parse(t.persona), t.name)).not.toThrow();
    expect(new Set(teams.flatMap((t) => t.preferences))).toEqual(new Set(PREFERENCES));
    expect(new Set(teams.map((t) => t.persona.owner.approve))).toEqual(new Set(["always", "confidence>=0.8", "replay-favourable"]));
    expect(teams.some((t) => t.persona.owner.favourable.minAvoided === 2)).toBe(true);
    expect(teams.some((t) => t.persona.reviewers.length > 1 && t.persona.reviewers.some((r) => r.rules.length < t.persona.reviewers[0]!.rules.length))).toBe(true);
  });

  it("a reason that names a checklist limit names the team's own limit, as digits or as a word", () => {
    let numbered = 0;
    for (let i = 0; i < 40; i++) {
      const t = generateTeam(2, i);
      const rule = t.persona.reviewers[0]!.rules.find((r) => r.label === "checklist too long");
      if (!rule) continue;
      const limit = Number(/checklist\.items > (\d+)/.exec(rule.when!)![1]);
      for (const phrase of rule.say ?? []) {
        const said = phrase.replace(/\{checklist\.items\}/g, "");
        const numbers = [...said.matchAll(/\b(\d+)\b/g)].map((m) => Number(m[1]));
        const words = Object.entries(WORDS).filter(([, w]) => new RegExp(`\\b${w}\\b`, "i").test(said)).map(([n]) => Number(n));
        for (const n of [...numbers, ...words]) {
          numbered++;
          // "Keep it under five" for at most 4: the limit or the one after it.
          expect([limit, limit + 1], `${phrase} (limit ${limit})`).toContain(n);
        }
      }
    }
    expect(numbered).toBeGreaterThan(10);
  });
});

describe("pooled figures", () => {
  const week = (week: number, accepted: number, rejected: number, rating: number, approved: number[] = []) => ({ week, accepted, rejected, acceptanceRate: accepted / (accepted + rejected), meanRating: rating, versionsApproved: approved }) as unknown as WeekResult;

  it("gain, noise band and regression per team; the mean and the share gaining 15 points", () => {
    const up = teamOutcome("A", "", [week(1, 10, 10, 0.5, [2]), week(8, 18, 2, 0.8)]);
    expect(up.acceptance.gain).toBe(40);
    expect(up.rating.gain).toBe(0.3);
    expect(up.versionsApproved).toBe(1);
    expect(up.regressed).toBe(false);
    const down = teamOutcome("B", "", [week(1, 18, 2, 0.8), week(8, 6, 14, 0.5)]);
    expect(down.regressed).toBe(true);
    const flat = teamOutcome("C", "", [week(1, 10, 10, 0.5), week(8, 9, 11, 0.5)]);
    expect(flat.regressed).toBe(false);
    expect(pooled([up, down, flat])).toMatchObject({ teams: 3, shareGaining15: 0.333, regressed: 1 });
  });
});
