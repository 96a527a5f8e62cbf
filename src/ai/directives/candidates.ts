import { keepChanges, lineChanges } from "@/ai/providers/builtin/improve-diff";
import { applyClauseEdits } from "./edit";
import { isNumericKind, NUMERIC_KINDS, numberOf, paramsOf } from "./params";
import { clauseText, readDirectives, type ClauseParams } from "./policy";

// The versions a candidate search replays for one proposal (whichever model made it): the
// proposal as it is; each of its line changes taken back alone (a subset of what it considered);
// then each number it changed moved one step either way (a checklist limit of 5 → 4 and 6, a
// rounding of 30 → 15 and 60). The search (replay/server/search-candidates.ts) plays each on last
// week's runs and keeps the best. At most `max`, the proposal first. Pure.

export type CandidateVersion = { label: string; directives: string };

const ROUNDING = [5, 10, 15, 30, 60];

function neighbours(p: ClauseParams): ClauseParams[] {
  if (!("n" in p)) return [];
  if (p.kind === "estimate.roundTo") {
    const at = ROUNDING.indexOf(p.n);
    return [ROUNDING[at - 1], ROUNDING[at + 1]].filter((n): n is number => n !== undefined).map((n) => ({ ...p, n }));
  }
  return [p.n - 1, p.n + 1].filter((n) => n >= 1).map((n) => ({ ...p, n }));
}

const words = (line: string) => line.replace(/^\s*[-*•+]\s+/, "").trim();
const key = (d: string) => d.replace(/\s+/g, " ").trim().toLowerCase();

export function candidateVersions(head: string, proposed: string, max = 6): CandidateVersion[] {
  const out: CandidateVersion[] = [{ label: "as proposed", directives: proposed }];
  const changes = lineChanges(head, proposed);
  // Each change taken back alone (only when there is more than one: taking back the only one is the head).
  if (changes.length > 1) {
    changes.forEach((c, i) => out.push({ label: `without “${words(c.added ?? c.removed ?? "")}”`, directives: keepChanges(head, proposed, (j) => j !== i) }));
  }
  // A number the proposal changed, one step either way.
  const headPolicy = readDirectives(head);
  const policy = readDirectives(proposed);
  for (const kind of NUMERIC_KINDS) {
    const now = paramsOf(policy, kind);
    if (!now || !isNumericKind(kind) || numberOf(now) === numberOf(paramsOf(headPolicy, kind))) continue;
    for (const to of neighbours(now)) {
      const edited = applyClauseEdits(proposed, [{ kind, to }]);
      if (edited.applied.length) out.push({ label: clauseText(to), directives: edited.directives });
    }
  }
  const seen = new Set([key(head)]);
  const unique: CandidateVersion[] = [];
  for (const c of out) {
    if (seen.has(key(c.directives))) continue;
    seen.add(key(c.directives));
    unique.push(c);
  }
  return unique.slice(0, max);
}
