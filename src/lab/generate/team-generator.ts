import type { PersonaFileInput } from "../personas/schema";
import { streams, type Random } from "../random";
import * as bank from "./phrase-bank";

// Teams drawn at random, to check that the loop learns for teams nobody wrote the product for:
// a random subset of the learnable preferences (docs/LAB.md's table), random thresholds and units,
// reviewers who share most preferences and disagree on some, an owner policy (strict
// replay-favourable included), noise, and reasons from the phrase bank with typos. Each team is a
// persona file (the same schema and loader as lab/personas/*.json), so a surprising team can be
// saved and run alone. Pure and seeded: the same seed and index give the same team.

export const PREFERENCES = ["checklistLimit", "blockerFirst", "estimateReason", "rounding", "riskyRange", "askCriteria", "statusNever", "statusSupported", "reportLength", "reportBullets", "plainWords"] as const;
export type Preference = (typeof PREFERENCES)[number];

export type GeneratedTeam = {
  name: string;
  /** One line: the preferences and the owner, for the report. */
  summary: string;
  preferences: Preference[];
  persona: PersonaFileInput;
};

type Rule = PersonaFileInput["reviewers"][number]["rules"][number];
type RatingRule = { label: string; when: string; rate: number };
type Comment = { label: string; when: string; chance: number; say: string[] };

/** A character swap in one word in five phrases (people type fast). */
function typo(rng: Random, phrase: string): string {
  if (!rng.chance(0.2) || phrase.length < 8 || phrase.includes("{")) return phrase;
  const at = 1 + Math.floor(rng.next() * (phrase.length - 3));
  if (!/[a-z]{2}/.test(phrase.slice(at, at + 2))) return phrase;
  return phrase.slice(0, at) + phrase[at + 1] + phrase[at] + phrase.slice(at + 2);
}

const sample = (rng: Random, list: readonly string[], n: number) => rng.shuffle(list).slice(0, n).map((p) => typo(rng, p));

type Parts = { rules: Rule[]; ratings: RatingRule[]; comments: Comment[]; words: string };

function preferenceParts(pref: Preference, rng: Random): Parts {
  const none: Parts = { rules: [], ratings: [], comments: [], words: "" };
  switch (pref) {
    case "checklistLimit": {
      const limit = 2 + Math.floor(rng.next() * 7);
      return { ...none, rules: [{ label: "checklist too long", when: `checklist.items > ${limit}`, verdict: "reject", chance: 1, say: sample(rng, bank.checklistTooLong(limit), 5) }], words: `checklists ≤ ${limit}` };
    }
    case "blockerFirst":
      return { ...none, rules: [{ label: "blocking steps not first", when: "!checklist.blockingFirst", verdict: "reject", chance: 1, say: sample(rng, bank.BLOCKER_NOT_FIRST, 4) }], words: "blockers first" };
    case "estimateReason":
      return { ...none, rules: [{ label: "estimate without a reason", when: "!estimate.rationale", verdict: "reject", chance: 1, say: sample(rng, bank.ESTIMATE_NO_REASON, 4) }], words: "reasons" };
    case "rounding": {
      const unit = rng.pick([15, 30, 60]);
      return { ...none, rules: [{ label: "estimate not rounded", when: `estimate.minutes % ${unit} != 0`, verdict: "reject", chance: 1, say: sample(rng, bank.estimateNotRounded(unit), 4) }], words: `round to ${unit}` };
    }
    case "riskyRange":
      return { ...none, rules: [{ label: "no range for risky work", when: "size(task.topics) > 0 && !estimate.range", verdict: "reject", chance: 1, say: sample(rng, bank.RISKY_NO_RANGE, 3) }], words: "ranges when risky" };
    case "askCriteria":
      return { ...none, rules: [{ label: "criteria not asked", on: "checklist", when: "!task.hasCriteria && !checklist.asksCriteria", verdict: "reject", chance: 1, say: sample(rng, bank.NO_CRITERIA_ASKED, 3) }], words: "ask criteria" };
    case "statusNever":
      return { ...none, rules: [{ label: "status changed by the agent", on: "status", verdict: "reject", chance: 1, say: sample(rng, bank.STATUS_NEVER, 3) }], words: "no status" };
    case "statusSupported":
      return { ...none, rules: [{ label: "status not supported", on: "status", when: "!status.supported", verdict: "reject", chance: 1, say: sample(rng, bank.STATUS_UNSUPPORTED, 3) }], words: "status when supported" };
    case "reportLength": {
      const limit = 3 + Math.floor(rng.next() * 4);
      const when = `report.sentences > ${limit}`;
      return { ...none, ratings: [{ label: "long report", when, rate: 0.4 }], comments: [{ label: "long report", when, chance: 0.35, say: sample(rng, bank.reportTooLong(limit), 3) }], words: `reports ≤ ${limit} sentences` };
    }
    case "reportBullets":
      return { ...none, ratings: [{ label: "prose report", when: "!report.bullets", rate: 0.5 }], comments: [{ label: "prose report", when: "!report.bullets", chance: 0.3, say: sample(rng, bank.REPORT_NOT_BULLETS, 3) }], words: "bullets" };
    case "plainWords":
      return { ...none, ratings: [{ label: "jargon", when: "report.jargon > 1", rate: 0.5 }], comments: [{ label: "jargon", when: "report.jargon > 1", chance: 0.3, say: sample(rng, bank.REPORT_JARGON, 3) }], words: "plain words" };
  }
}

const NAMES = ["Ada", "Bea", "Cal", "Dev", "Eli", "Fay", "Gus", "Hal", "Ivy", "Jo", "Kai", "Lu", "Max", "Noa", "Oz", "Pia"];
const TEAMS = ["helpdesk", "intake desk", "ops desk", "billing desk", "platform triage", "service desk", "escalations", "partner support"];

/** Team `index` of seed `seed`. */
export function generateTeam(seed: number, index: number): GeneratedTeam {
  const rng = streams(seed)("team", index);
  // Status: never, when supported, or nothing said (never both).
  const pool = PREFERENCES.filter((p) => p !== "statusNever" && p !== "statusSupported");
  const count = 2 + Math.floor(rng.next() * 4);
  const preferences: Preference[] = rng.shuffle(pool).slice(0, count);
  const status = rng.next();
  if (status < 0.3) preferences.push("statusNever");
  else if (status < 0.5) preferences.push("statusSupported");
  const parts = new Map(preferences.map((p) => [p, preferenceParts(p, streams(seed)("preference", index, p))]));

  // Reviewers: the first holds every preference; the others all but one at most (a disagreement).
  const reviewerCount = 1 + Math.floor(rng.next() * 4);
  const names = rng.shuffle(NAMES).slice(0, reviewerCount);
  const reviewers = names.map((name, r) => {
    const dropped = r > 0 && rng.chance(0.5) ? rng.pick(preferences) : null;
    const held = preferences.filter((p) => p !== dropped).map((p) => parts.get(p)!);
    return {
      name,
      role: r === 0 ? "Team lead" : "Reviewer",
      share: r === 0 ? 2 : 1,
      default: "confirm" as const,
      rules: held.flatMap((h) => h.rules),
      rating: { chance: 1, start: 0.85, perRejection: 0.1, rules: held.flatMap((h) => h.ratings).map((x) => ({ ...x, chance: 1 })) },
      comments: held.flatMap((h) => h.comments),
    };
  });

  const policy = rng.pick(["always", "confidence", "favourable", "strict"] as const);
  const owner = {
    name: rng.pick(["Dana", "Rui", "Sam", "Tove"]),
    approve: policy === "always" ? "always" : policy === "confidence" ? "confidence>=0.8" : "replay-favourable",
    favourable: policy === "strict" ? { minKept: 0.95, minAvoided: 2, minNet: 1 } : { minKept: 0.9, minAvoided: 1, minNet: 0 },
    rating: 0.8,
    drafts: rng.pick(["ignore", "reject"] as const),
    say: { reject: sample(rng, bank.OWNER_REJECT, 3), lost: sample(rng, bank.OWNER_LOST, 2), notAvoided: sample(rng, bank.OWNER_NOT_AVOIDED, 2), draft: sample(rng, bank.OWNER_REJECT, 2) },
  };
  const noise = 0.05 + rng.next() * 0.1;
  const name = `${rng.pick(TEAMS)} #${index + 1}`;
  const summary = `${preferences.map((p) => parts.get(p)!.words).join(", ")}; ${reviewerCount} reviewer${reviewerCount === 1 ? "" : "s"}; owner ${policy === "strict" ? "replay-favourable (strict)" : owner.approve}`;
  return {
    name,
    summary,
    preferences,
    persona: {
      team: name,
      about: `Generated team (seed ${seed}, #${index + 1}): ${summary}.`,
      noise: { verdict: Math.round(noise * 100) / 100, rating: 0.05, say: sample(rng, bank.NOISE, 3) },
      reviewers,
      owner,
    } as PersonaFileInput,
  };
}
