import { readFileSync } from "node:fs";
import type { z } from "zod";
import { sampleFacts, type ProposalKind } from "../facts";
import { DEFAULT_VOCABULARY, type Vocabulary } from "../vocabulary";
import { checkPlaceholders, compileCondition, factAt, kindsNamed, PersonaError, type Predicate } from "./expression";
import { PersonaFile, type PersonaFileInput } from "./schema";

// Reads a persona file into a team the simulation can run: validated (zod, strict keys), every
// condition compiled and tried, every placeholder known. Errors name the file and the place in it,
// one per line.

export type VerdictRule = { label: string; target: ProposalKind; verdict: "reject" | "confirm" | "defer"; chance: number; say: string[]; test: Predicate };
export type Reviewer = {
  name: string;
  role: string;
  share: number;
  takes: Predicate;
  default: "confirm" | "reject" | "defer";
  defaultSay: string[];
  rules: VerdictRule[];
  rating: { chance: number; start: number; perRejection: number; rules: { label: string; rate: number; chance: number; test: Predicate }[] };
  comments: { label: string; chance: number; say: string[]; test: Predicate }[];
};
export type OwnerPolicy = { kind: "always" | "never" | "replay-favourable" } | { kind: "confidence"; min: number };
export type Owner = Omit<PersonaFileInput["owner"], "approve"> & { policy: OwnerPolicy; approve: string };
export type Team = {
  file: string;
  team: string;
  noise: PersonaFileInput["noise"];
  vocabulary: Vocabulary;
  template: PersonaFileInput["template"];
  reviewers: Reviewer[];
  owner: Owner;
};

export const OWNER_PLACEHOLDERS = ["avoided", "rejections", "lost", "acceptances", "kept", "runs", "confidence"];

function parsePolicy(text: string): OwnerPolicy {
  const t = text.replace(/\s+/g, "").toLowerCase();
  if (t === "always" || t === "never" || t === "replay-favourable") return { kind: t };
  const m = /^confidence>=(0(?:\.\d+)?|1(?:\.0+)?)$/.exec(t);
  if (m) return { kind: "confidence", min: Number(m[1]) };
  throw new PersonaError(`owner.approve: "${text}" is not a policy: use "always", "never", "replay-favourable" or "confidence>=0.8"`);
}

function formatIssues(error: z.ZodError): string {
  return error.issues.map((i) => `${i.path.map((p) => (typeof p === "number" ? `[${p}]` : `.${String(p)}`)).join("").replace(/^\./, "") || "(file)"}: ${i.message}`).join("\n");
}

/** Compiles a parsed file (exported for tests; `file` names it in errors). */
export function compileTeam(input: PersonaFileInput, file: string): Team {
  const vocabulary: Vocabulary = { ...DEFAULT_VOCABULARY, ...input.vocabulary };
  const sample = sampleFacts(vocabulary);
  const knownFact = (name: string) => factAt(sample, name) !== undefined;
  const phrases = (list: string[], where: string) => {
    list.forEach((p, i) => checkPlaceholders(p, `${where}[${i}]`, knownFact));
    return list;
  };
  const reviewers = input.reviewers.map((r, ri): Reviewer => {
    const at = `reviewers[${ri}] (${r.name})`;
    return {
      name: r.name,
      role: r.role ?? "",
      share: r.share,
      takes: r.takes ? compileCondition(r.takes, `${at}.takes`, sample) : () => true,
      default: r.default,
      defaultSay: phrases(r.defaultSay ?? [], `${at}.defaultSay`),
      rules: r.rules.map((rule, i) => {
        const where = `${at}.rules[${i}]`;
        const named = rule.when ? kindsNamed(rule.when) : [];
        const target = rule.on ?? (named.length === 1 ? named[0] : undefined);
        if (!target) {
          throw new PersonaError(
            named.length > 1
              ? `${where}: the condition names ${named.join(" and ")}; say which proposal it decides with "on"`
              : `${where}: say which proposal the rule decides: "on": "checklist" | "estimate" | "status", or a condition that names one (checklist.items > 6)`,
          );
        }
        if (rule.verdict === "reject" && !rule.say) throw new PersonaError(`${where}: a rejection needs "say": the reasons people write (the improver learns from them)`);
        const when = rule.when ?? "true";
        return { label: rule.label ?? (rule.when ? `${target}: ${rule.when}` : target), target, verdict: rule.verdict, chance: rule.chance, say: phrases(rule.say ?? [], `${where}.say`), test: compileCondition(when, `${where}.when`, sample) };
      }),
      rating: {
        ...r.rating,
        rules: r.rating.rules.map((rule, i) => ({ label: rule.label ?? rule.when, rate: rule.rate, chance: rule.chance, test: compileCondition(rule.when, `${at}.rating.rules[${i}].when`, sample) })),
      },
      comments: r.comments.map((c, i) => ({ label: c.label ?? c.when, chance: c.chance, say: phrases(c.say, `${at}.comments[${i}].say`), test: compileCondition(c.when, `${at}.comments[${i}].when`, sample) })),
    };
  });
  const names = new Set<string>();
  for (const r of reviewers) {
    if (names.has(r.name)) throw new PersonaError(`reviewers: two reviewers are called "${r.name}"`);
    names.add(r.name);
  }
  const ownerPhrase = (name: string) => OWNER_PLACEHOLDERS.includes(name);
  for (const [key, list] of Object.entries(input.owner.say)) list?.forEach((p, i) => checkPlaceholders(p, `owner.say.${key}[${i}]`, ownerPhrase));
  const owner: Owner = { ...input.owner, policy: parsePolicy(input.owner.approve) };
  return { file, team: input.team, noise: input.noise, vocabulary, template: input.template, reviewers, owner };
}

/** Reads and compiles a persona file; a bad file throws PersonaError with every problem found by the schema. */
export function loadTeam(file: string): Team {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (e) {
    throw new PersonaError(`${file}: cannot read the persona file (${(e as NodeJS.ErrnoException).code ?? e})`);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (e) {
    throw new PersonaError(`${file}: not valid JSON: ${(e as Error).message}`);
  }
  const parsed = PersonaFile.safeParse(json);
  if (!parsed.success) throw new PersonaError(`${file}:\n${formatIssues(parsed.error)}`);
  try {
    return compileTeam(parsed.data, file);
  } catch (e) {
    if (e instanceof PersonaError) throw new PersonaError(`${file}: ${e.message}`);
    throw e;
  }
}
