import { parse } from "@marcbachmann/cel-js";
import { PROPOSAL_KINDS, type Facts, type ProposalKind } from "../facts";

// A persona rule's condition: a CEL expression (the Common Expression Language the job engine
// already evaluates, src/inngest/local/expressions.ts) over a run's facts (facts.ts), e.g.
// `checklist.items > 6` or `task.topics.exists(t, t in ['billing', 'security']) && !report.hasRisks`.
// Checked when the persona file is loaded — syntax, names, a true/false answer — so a typo fails
// with its place in the file instead of a rule that silently never fires.

export class PersonaError extends Error {}

export type Predicate = (facts: Facts) => boolean;

const ROOTS = ["task", "checklist", "estimate", "status", "report", "run"];

/** Compiles `expression` (at `where` in the file), trying it on `sample` facts. */
export function compileCondition(expression: string, where: string, sample: Facts): Predicate {
  let evaluate: ReturnType<typeof parse>;
  try {
    evaluate = parse(expression);
  } catch (e) {
    throw new PersonaError(`${where}: "${expression}" is not a valid condition: ${firstLine(e)}`);
  }
  let answer: unknown;
  try {
    answer = evaluate(sample);
  } catch (e) {
    throw new PersonaError(`${where}: "${expression}" cannot be evaluated: ${firstLine(e)} (the facts are ${ROOTS.join(", ")}; see docs/LAB.md)`);
  }
  if (typeof answer !== "boolean") throw new PersonaError(`${where}: "${expression}" must be true or false, not ${typeof answer === "bigint" ? "a number" : typeof answer}`);
  return (facts) => {
    try {
      return evaluate(facts) === true;
    } catch {
      return false;
    }
  };
}

/** The proposal kinds an expression names outside its string literals (`checklist.items > 6` → checklist). */
export function kindsNamed(expression: string): ProposalKind[] {
  const code = expression.replace(/'(?:\\.|[^'\\])*'|"(?:\\.|[^"\\])*"/g, "''");
  return (Object.keys(PROPOSAL_KINDS) as ProposalKind[]).filter((k) => new RegExp(String.raw`(?<![\w.])${k}\s*\.`).test(code));
}

/** `{checklist.items}` in a phrase → the fact's value. Unknown names are refused at load time (checkPlaceholders). */
export function fillPlaceholders(text: string, values: (name: string) => unknown): string {
  return text.replace(/\{([a-zA-Z][\w.]*)\}/g, (whole, name: string) => {
    const v = values(name);
    return v === undefined ? whole : String(v);
  });
}

export function factAt(facts: Facts, path: string): unknown {
  let v: unknown = facts;
  for (const part of path.split(".")) v = v && typeof v === "object" ? (v as Record<string, unknown>)[part] : undefined;
  return v;
}

export function checkPlaceholders(text: string, where: string, known: (name: string) => boolean) {
  for (const [, name] of text.matchAll(/\{([a-zA-Z][\w.]*)\}/g)) {
    if (!known(name!)) throw new PersonaError(`${where}: unknown placeholder {${name}} in "${text}"`);
  }
}

const firstLine = (e: unknown) => (e instanceof Error ? e.message : String(e)).split("\n")[0]!.trim();
