import type { ClauseKind, Language } from "./policy";
import { RULES } from "./feedback/rules";
import type { Part } from "./feedback/rule";
import { COMPLAINT, PRAISE, PRAISE_PHRASES, READING_WORDS, SUBJECT_OF, SUBJECT_WORDS, type Subject } from "./feedback/words";
import { isNumericKind } from "./params";

// People's words → what they ask of the directive clause family. A rejection reason, a comment,
// an agent's observation is read part by part (sentences, "but" halves): what it is about (a
// checklist, an estimate, a report, a status change; or words that name a clause on their own,
// like "jargon", "in German", "the security implications") and what it says about it: wants the
// clause, wants less or more of it, wants it gone, or praises what it does. Praise is never a
// request: it is a reason to keep a clause. Anything else reads as nothing. Pure; the weighing of
// many texts against the current directives is feedback-plan.ts; the rules,
// one per clause, are in feedback/.

export type Stance = "want" | "less" | "more" | "against" | "praise";

export type Finding = {
  kind: ClauseKind;
  stance: Stance;
  /** A number people asked for ("make it 7", "no more than 5 steps"). */
  n?: number;
  /** A number people saw and found too many ("12 items for a password reset"). */
  seen?: number;
  topics?: string[];
  mode?: "never" | "whenSupported";
  language?: Language;
};

export type ReadOptions = {
  /** What the text is about when it names nothing: the tool a rejection was about, the clauses a rejected proposal changed (most likely first). */
  about?: readonly ClauseKind[];
  /** The sentiment its source knows it has: a positive item is praise whatever its words. */
  sentiment?: "negative" | "positive" | null;
};

// ── Reading a text ──────────────────────────────────────────────────────────────────────────

/** Sentences and "but" halves: "great checklist, but way too long" praises one thing and complains about another. */
function partsOf(text: string): string[] {
  return text
    .replace(/[’‘`]/g, "'")
    .replace(/[“”«»]/g, '"')
    .split(/(?<=[.!?;])\s+|\s+[—–]\s+|\s+-\s+|,?\s+\bbut\b\s+|,?\s+\bhowever\b,?\s+|,?\s+\bthough\b,?\s+|\n+/i)
    .map((s) => s.trim())
    .filter(Boolean);
}

function subjectsOf(t: string): Set<Subject> {
  const found = new Set<Subject>((Object.keys(SUBJECT_WORDS) as Subject[]).filter((s) => SUBJECT_WORDS[s].test(t)));
  if (!found.has("checklist") && READING_WORDS.test(t)) found.add("report");
  return found;
}

function isPraise(t: string, sentiment: ReadOptions["sentiment"]): boolean {
  if (sentiment === "positive") return true;
  if (sentiment === "negative") return false;
  return PRAISE.test(t) && !COMPLAINT.test(t.replace(PRAISE_PHRASES, " "));
}

/** What one text asks of the clause family: at most one finding per clause. */
export function readFeedback(text: string, options: ReadOptions = {}): Finding[] {
  const about = options.about ?? [];
  const aboutSubjects = new Set(about.map((k) => SUBJECT_OF[k]).filter((s): s is Subject => s !== null));
  // A text about several numbers names one without saying which: the first numeric clause it is about.
  const numericAbout = about.find(isNumericKind) ?? null;
  const findings: Finding[] = [];
  let previous = new Set<Subject>();
  for (const raw of partsOf(text)) {
    const t = raw.toLowerCase();
    let subjects = subjectsOf(t);
    let borrowed = false;
    if (subjects.size) previous = subjects;
    else if (previous.size) subjects = previous;
    else if (aboutSubjects.size) [subjects, borrowed] = [aboutSubjects, true];
    const part: Part = { raw, t, subjects, borrowed };
    const praise = isPraise(t, options.sentiment);
    for (const rule of RULES) {
      if (rule.needs && !subjects.has(rule.needs)) continue;
      if (borrowed && rule.needs && (!about.includes(rule.kind) || (isNumericKind(rule.kind) && rule.kind !== numericAbout))) continue;
      if (praise) {
        if (rule.praise?.(part)) findings.push({ kind: rule.kind, stance: "praise" });
        continue;
      }
      const found = rule.complaint(part);
      if (found) findings.push({ kind: rule.kind, ...found });
    }
  }
  return mergeFindings(findings);
}

/** One finding per clause: a request beats a direction, a direction beats praise; risk topics add up. */
const STANCE_RANK: Record<Stance, number> = { against: 0, want: 1, less: 2, more: 3, praise: 4 };
function mergeFindings(findings: Finding[]): Finding[] {
  const byKind = new Map<ClauseKind, Finding>();
  for (const f of findings) {
    const had = byKind.get(f.kind);
    if (!had) byKind.set(f.kind, f);
    else if (f.kind === "risks.topics" && had.stance === "want" && f.stance === "want") byKind.set(f.kind, { ...had, topics: [...new Set([...(had.topics ?? []), ...(f.topics ?? [])])] });
    else if (rank(f) < rank(had)) byKind.set(f.kind, f);
  }
  return RULES.flatMap((r) => byKind.get(r.kind) ?? []);
}
const rank = (f: Finding) => STANCE_RANK[f.stance] - (f.n !== undefined ? 0.5 : 0);
